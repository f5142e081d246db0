import { Button } from "@/components/Button";
import { Counter } from "@/components/Counter";
import { Paragraphs } from "@/components/RichText";
import { Eyebrow } from "@/components/Section";
import type { Site } from "@/lib/content";
import type { Home } from "@/lib/screens";
import styles from "./home.module.css";

/** Home: the firm in brief, with the counters (4 countries, 75 professionals). */
export function AboutBlock({ about: b, site }: { about: Home["about"]; site: Site }) {
  return (
    <section aria-labelledby="home-about" className={`${styles.band} ${styles.about} on-dark`}>
      <div className={`container ${styles.aboutGrid}`}>
        <div>
          <Eyebrow>{b.eyebrow}</Eyebrow>
          <h2 id="home-about">{b.heading}</h2>
          <Paragraphs text={b.text} site={site} />
          <Button to={b.link.to} variant="tertiary">
            {b.link.label}
          </Button>
        </div>
        <div className={styles.counters}>
          {b.counters.map((c) => (
            <Counter
              key={c.label}
              value={c.value}
              label={c.label}
              durationMs={b.durationSeconds * 1000}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
