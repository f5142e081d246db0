import { Downloads } from "@/components/Downloads";
import { governance as g } from "@/lib/governance";
import { ListSection, Sfdr, TextSection } from "./Sections";
import styles from "./governance.module.css";

/** The governance page below its header: the sections, and the documents beside them. */
export function GovernanceBody() {
  return (
    <div className={`container ${styles.body}`}>
      <div className={styles.main}>
        <TextSection id="esg-strategy" {...g.esgStrategy} />
        <ListSection
          id="environmental"
          variant="cards"
          {...g.environmental}
          items={g.environmental.objectives}
        />
        <TextSection id="social" {...g.social} />
        <TextSection id="governance" {...g.governance} />
        <Sfdr />
        <ListSection
          id="compliance"
          variant="numbered"
          {...g.compliance}
          items={g.compliance.principles}
        />
        <TextSection id="remuneration" {...g.remuneration} />
      </div>
      <aside className={styles.aside} aria-labelledby="governance-documents">
        <Downloads id="governance-documents" {...g.downloads} />
      </aside>
    </div>
  );
}
