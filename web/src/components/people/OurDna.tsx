import { Parallax } from "@/components/Parallax";
import { ResponsiveImage } from "@/components/ResponsiveImage";
import type { PageMeta } from "@/lib/content";
import { teamLine } from "@/lib/directory";
import type { Employee, PeopleContent } from "@/lib/people";
import styles from "./OurDna.module.css";

/** Who we are's opening over a parallax photograph. */
export function OurDna({
  meta: { heading, intro },
  dna,
  employees,
}: {
  meta: Pick<PageMeta, "heading" | "intro">;
  dna: PeopleContent["dna"];
  /** Where the quote's author is found (by dna.quoteBy). */
  employees: readonly Employee[];
}) {
  const headingId = "our-dna-heading";
  const author = employees.find((e) => e.id === dna.quoteBy);
  return (
    <header className={`${styles.header} on-dark`}>
      <Parallax className={styles.media}>
        <ResponsiveImage name={dna.image} alt="" sizes="100vw" priority cover />
      </Parallax>
      <div className={`container ${styles.text}`}>
        <h1 className={styles.title}>{heading}</h1>
        <p className={styles.intro}>{intro}</p>
        <section className={styles.dna} aria-labelledby={headingId}>
          <h2 id={headingId} className={styles.dnaHeading}>
            {dna.heading}
          </h2>
          <figure className={styles.figure}>
            <blockquote className={styles.quote}>
              <p>{dna.quote}</p>
            </blockquote>
            {author && (
              <figcaption className={styles.caption}>
                <span className={styles.author}>{author.name}</span>
                <span>{teamLine(author)}</span>
              </figcaption>
            )}
          </figure>
        </section>
      </div>
    </header>
  );
}
