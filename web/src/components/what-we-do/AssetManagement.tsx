import { Paragraphs } from "@/components/RichText";
import { Eyebrow } from "@/components/Section";
import { Split } from "@/components/Split";
import type { Site } from "@/lib/content";
import type { WhatWeDo } from "@/lib/screens";
import styles from "./what-we-do.module.css";

/** Asset management and its goals. */
export function AssetManagement({
  assetManagement: a,
  site,
}: {
  assetManagement: WhatWeDo["assetManagement"];
  site: Site;
}) {
  return (
    <section aria-labelledby="asset-management" className={styles.white}>
      <div className="container">
        <Split image={a.image} alt={a.alt}>
          <Eyebrow>{a.eyebrow}</Eyebrow>
          <h2 id="asset-management">{a.heading}</h2>
          <Paragraphs text={a.text} site={site} />
        </Split>
        <ol className={styles.goals}>
          {a.goals.map((g) => (
            <li key={g.title} className={styles.goal}>
              <h3>{g.title}</h3>
              <p>{g.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
