import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/Button";
import { Picture } from "@/components/Picture";
import { sample, type Rng } from "@/lib/directory";
import {
  initialTeaserSet,
  TEASER_INTERVAL_MS,
  TEASER_SIZE,
  type TeaserPerson,
} from "@/lib/team-teaser";
import { prefersReducedMotion } from "@/lib/use-media-query";
import styles from "./TeamTeaser.module.css";

export { TEASER_INTERVAL_MS, TEASER_SIZE };

export interface TeamTeaserProps {
  heading: string;
  intro: string;
  buttonLabel: string;
  /** Everyone the reshuffles draw from; the first set is drawn from it with a fixed seed. */
  pool: readonly TeaserPerson[];
  /** Random numbers for the reshuffles (tests pass a fixed one). */
  rng?: Rng;
}

/**
 * Three people reshuffled every 8 s, each linking to their popup page; paused while hovered or
 * focused, and never under reduced motion.
 */
export function TeamTeaser({
  heading,
  intro,
  buttonLabel,
  pool,
  rng = Math.random,
}: TeamTeaserProps) {
  // The set in the HTML: the same on every build and at hydration.
  const [initial] = useState(() => initialTeaserSet(pool));
  const [set, setSet] = useState<readonly TeaserPerson[]>(initial);
  const paused = useRef({ hover: false, focus: false });
  const rootRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const reduced = window.matchMedia(prefersReducedMotion);
    let timer: number | undefined;
    // :hover too, for a pointer already over the teaser when it hydrated.
    const hovered = () => paused.current.hover || !!rootRef.current?.matches(":hover");
    const idle = () => !hovered() && !paused.current.focus && !document.hidden;
    const start = () => {
      window.clearInterval(timer);
      timer = undefined;
      if (reduced.matches) return;
      timer = window.setInterval(() => {
        if (!idle()) return;
        setSet((current) => {
          const shownNow = pool.filter((p) => current.some((c) => c.id === p.id));
          return sample(pool, TEASER_SIZE, rng, shownNow);
        });
      }, TEASER_INTERVAL_MS);
    };
    start();
    reduced.addEventListener("change", start);
    return () => {
      window.clearInterval(timer);
      reduced.removeEventListener("change", start);
    };
  }, [rng, pool]);

  return (
    <section
      ref={rootRef}
      className={styles.teaser}
      aria-labelledby="team-teaser-heading"
      onMouseEnter={() => (paused.current.hover = true)}
      onMouseLeave={() => (paused.current.hover = false)}
      onFocus={() => (paused.current.focus = true)}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null))
          paused.current.focus = false;
      }}
    >
      <div className={`container ${styles.inner}`}>
        <div className={styles.text}>
          <h2 id="team-teaser-heading" className={styles.heading}>
            {heading}
          </h2>
          <p className={styles.intro}>{intro}</p>
          <Button to="/who-we-are" variant="secondary">
            {buttonLabel}
          </Button>
        </div>
        <ul className={styles.people}>
          {set.map((employee) => (
            <li key={employee.id} className={set === initial ? undefined : styles.fresh}>
              <a href={`/who-we-are/${employee.id}`} className={styles.link}>
                <span className={styles.photo}>
                  <Picture
                    image={employee.image}
                    alt=""
                    sizes="(min-width: 1024px) 280px, (min-width: 768px) 30vw, 33vw"
                    cover
                  />
                </span>
                <span className={styles.overlay}>
                  <span className={styles.name}>{employee.name}</span>
                  <span className={styles.office}>{employee.location}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
