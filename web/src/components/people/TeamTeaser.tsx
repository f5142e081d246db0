import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/Button";
import { ResponsiveImage } from "@/components/ResponsiveImage";
import { sample, type Rng } from "@/lib/directory";
import {
  initialTeaserSet as initialSet,
  loadTeaserPool,
  teaserCopy,
  type TeaserPerson,
} from "@/lib/team-teaser";
import { prefersReducedMotion } from "@/lib/use-media-query";
import styles from "./TeamTeaser.module.css";

/** Spec section 9: 3 employees, a new random set every 8000 ms. */
export const TEASER_SIZE = 3;
export const TEASER_INTERVAL_MS = 8000;

/**
 * The home page's team teaser: three people, reshuffled every 8 s, each
 * linking to their popup. The shuffle pauses while the teaser is hovered or
 * has focus, and never runs under reduced motion. Over 1024 px the name and
 * office show on hover and focus; below, under the photo.
 */
export function TeamTeaser({
  rng = Math.random,
  loadPool = loadTeaserPool,
}: {
  rng?: Rng;
  /** Everyone the reshuffles draw from; loaded once reshuffles can run, not with the page. */
  loadPool?: () => Promise<readonly TeaserPerson[]>;
}) {
  const { heading, intro, buttonLabel } = teaserCopy;
  const [set, setSet] = useState<TeaserPerson[]>(initialSet);
  const paused = useRef({ hover: false, focus: false });
  const rootRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const reduced = window.matchMedia(prefersReducedMotion);
    let timer: number | undefined;
    let live = true;
    let pool: Promise<readonly TeaserPerson[]> | undefined;
    const idle = () => !paused.current.hover && !paused.current.focus && !document.hidden;
    const start = () => {
      window.clearInterval(timer);
      timer = undefined;
      if (reduced.matches) return;
      const ready = (pool ??= loadPool());
      timer = window.setInterval(() => {
        if (!idle()) return;
        // Normally loaded long before the first tick; if not, reshuffle when it arrives.
        void ready.then((everyone) => {
          if (!live || !idle()) return;
          setSet((current) => {
            const shownNow = everyone.filter((p) => current.some((c) => c.id === p.id));
            return sample(everyone, TEASER_SIZE, rng, shownNow);
          });
        });
      }, TEASER_INTERVAL_MS);
    };
    start();
    reduced.addEventListener("change", start);
    return () => {
      live = false;
      window.clearInterval(timer);
      reduced.removeEventListener("change", start);
    };
  }, [rng, loadPool]);

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
            <li key={employee.id} className={set === initialSet ? undefined : styles.fresh}>
              <Link to={`/who-we-are/${employee.id}`} className={styles.link}>
                <span className={styles.photo}>
                  <ResponsiveImage
                    name={employee.image}
                    alt=""
                    sizes="(min-width: 1024px) 280px, (min-width: 768px) 30vw, 33vw"
                    cover
                  />
                </span>
                <span className={styles.overlay}>
                  <span className={styles.name}>{employee.name}</span>
                  <span className={styles.office}>{employee.location}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
