import { Paragraphs } from "@/components/RichText";
import { Eyebrow } from "@/components/Section";
import { Split } from "@/components/Split";
import type { Site } from "@/lib/content";
import type { WhatWeDo } from "@/lib/screens";
import styles from "./what-we-do.module.css";

/** The deal team: more than 50 transactions completed. */
export function DealTeam({ dealTeam: d, site }: { dealTeam: WhatWeDo["dealTeam"]; site: Site }) {
  return (
    <section aria-labelledby="deal-team" className={styles.paper}>
      <div className="container">
        <Split image={d.image} alt={d.alt} reverse>
          <Eyebrow>{d.eyebrow}</Eyebrow>
          <h2 id="deal-team">{d.heading}</h2>
          <Paragraphs text={d.text} site={site} />
          <p className={styles.stat}>
            <span className={styles.statValue}>{d.stat.value}</span>
            <span className={`eyebrow ${styles.statLabel}`}>{d.stat.label}</span>
          </p>
        </Split>
      </div>
    </section>
  );
}
