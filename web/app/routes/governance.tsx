import { Downloads } from "~/components/Downloads";
import { PageHeader } from "~/components/PageHeader";
import { staticPageMeta } from "~/lib/page-meta";
import { governance as g } from "~/lib/governance";
import { ListSection, Sfdr, TextSection } from "./governance/Sections";
import styles from "./governance/governance.module.css";
import page from "virtual:content/pages.json?pick=/governance";
import { registerPage } from "~/lib/content";

registerPage("/governance", page);

export const meta = () => staticPageMeta("/governance");

export default function Governance() {
  return (
    <>
      <PageHeader path="/governance" image={g.header.image} alt={g.header.alt} parallax />
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
    </>
  );
}
