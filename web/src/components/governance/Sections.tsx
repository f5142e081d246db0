import { Paragraphs } from "@/components/RichText";
import type { Site } from "@/lib/content";
import type { Governance, TitledItem } from "@/lib/screens";
import styles from "./governance.module.css";

interface TextBlockProps {
  id: string;
  heading: string;
  text: readonly string[];
  site: Site;
}

/** One titled section of the governance text (not a region: a landmark per topic is noise). */
export function TextSection({ id, heading, text, site }: TextBlockProps) {
  return (
    <section className={styles.section}>
      <h2 id={id}>{heading}</h2>
      <Paragraphs text={text} site={site} />
    </section>
  );
}

/** A section whose core is a list of titled items (objectives, principles). */
export function ListSection({
  id,
  heading,
  text,
  items,
  after,
  variant,
  site,
}: TextBlockProps & {
  items: readonly TitledItem[];
  after?: readonly string[];
  variant: "cards" | "numbered";
}) {
  return (
    <section className={styles.section}>
      <h2 id={id}>{heading}</h2>
      <Paragraphs text={text} site={site} />
      <ol className={variant === "cards" ? styles.cards : styles.numbered}>
        {items.map((item) => (
          <li key={item.title}>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ol>
      {after && <Paragraphs text={after} site={site} />}
    </section>
  );
}

/** SFDR: sustainability risks and no consideration of adverse impacts. */
export function Sfdr({ sfdr: s, site }: { sfdr: Governance["sfdr"]; site: Site }) {
  return (
    <section className={styles.section}>
      <h2 id="sfdr">{s.heading}</h2>
      <Paragraphs text={s.text} site={site} />
      {[s.sustainabilityRisks, s.adverseImpacts].map((sub) => (
        <div key={sub.heading} className={styles.sub}>
          <h3>{sub.heading}</h3>
          <Paragraphs text={sub.text} site={site} />
        </div>
      ))}
    </section>
  );
}
