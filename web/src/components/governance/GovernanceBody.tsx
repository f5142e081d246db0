import { Downloads } from "@/components/Downloads";
import type { Site } from "@/lib/content";
import type { Governance } from "@/lib/screens";
import { ListSection, Sfdr, TextSection } from "./Sections";
import styles from "./governance.module.css";

/** The governance page below its header: the sections, and the documents beside them. */
export function GovernanceBody({ governance: g, site }: { governance: Governance; site: Site }) {
  return (
    <div className={`container ${styles.body}`}>
      <div className={styles.main}>
        <TextSection id="esg-strategy" {...g.esgStrategy} site={site} />
        <ListSection
          id="environmental"
          variant="cards"
          {...g.environmental}
          items={g.environmental.objectives}
          site={site}
        />
        <TextSection id="social" {...g.social} site={site} />
        <TextSection id="governance" {...g.governance} site={site} />
        <Sfdr sfdr={g.sfdr} site={site} />
        <ListSection
          id="compliance"
          variant="numbered"
          {...g.compliance}
          items={g.compliance.principles}
          site={site}
        />
        <TextSection id="remuneration" {...g.remuneration} site={site} />
      </div>
      <aside className={styles.aside} aria-labelledby="governance-documents">
        <Downloads id="governance-documents" {...g.downloads} />
      </aside>
    </div>
  );
}
