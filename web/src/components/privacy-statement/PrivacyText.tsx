import { Paragraphs } from "@/components/RichText";
import type { Site } from "@/lib/content";
import type { Privacy } from "@/lib/screens";
import styles from "./privacy.module.css";

type Block = {
  id: string;
  heading: string;
  text: readonly string[];
  list?: readonly string[];
  after?: readonly string[];
};

function Body({ block, site }: { block: Block; site: Site }) {
  return (
    <>
      <Paragraphs text={block.text} site={site} />
      {block.list && (
        <ul>
          {block.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {block.after && <Paragraphs text={block.after} site={site} />}
    </>
  );
}

/** The privacy and cookie statement with its table of contents. */
export function PrivacyText({ privacy, site }: { privacy: Privacy; site: Site }) {
  return (
    <div className={`container ${styles.layout}`}>
      <nav aria-labelledby="privacy-toc" className={styles.toc}>
        <h2 id="privacy-toc" className={styles.tocHeading}>
          {privacy.tocLabel}
        </h2>
        <ol>
          {privacy.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <article className={styles.text}>
        <p className={styles.updated}>
          {privacy.lastUpdatedLabel}:{" "}
          <time dateTime={privacy.lastUpdatedDate}>{privacy.lastUpdated}</time>
        </p>
        <Paragraphs text={privacy.introduction} site={site} />
        {privacy.sections.map((s) => (
          // One text under headings: its topics are not landmarks (25 of them
          // made landmark navigation useless); the contents list leads to each.
          <section key={s.id} className={styles.section}>
            <h2 id={s.id}>{s.heading}</h2>
            <Body block={s} site={site} />
            {"subsections" in s &&
              s.subsections?.map((sub) => (
                <section key={sub.id}>
                  <h3 id={sub.id}>{sub.heading}</h3>
                  <Body block={sub} site={site} />
                </section>
              ))}
          </section>
        ))}
      </article>
    </div>
  );
}
