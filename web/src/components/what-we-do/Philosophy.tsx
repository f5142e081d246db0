import { ResponsiveImage } from "@/components/ResponsiveImage";
import { Paragraphs } from "@/components/RichText";
import { Section } from "@/components/Section";
import type { Site } from "@/lib/content";
import type { WhatWeDo } from "@/lib/screens";
import styles from "./what-we-do.module.css";

/** Investment philosophy with the two strategies. */
export function Philosophy({
  philosophy: p,
  site,
}: {
  philosophy: WhatWeDo["philosophy"];
  site: Site;
}) {
  return (
    <Section id="philosophy" eyebrow={p.eyebrow} heading={p.heading}>
      <div className={styles.columns}>
        <Paragraphs text={p.text} site={site} />
      </div>
      <ul className={styles.strategies}>
        {p.strategies.map((s) => (
          <li key={s.title} className={styles.strategy}>
            <div className={styles.strategyImage}>
              <ResponsiveImage
                name={s.image}
                alt={s.alt}
                sizes="(min-width: 1264px) 600px, (min-width: 768px) 48vw, 100vw"
                cover
              />
            </div>
            <p className={`eyebrow ${styles.region}`}>{s.region}</p>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
