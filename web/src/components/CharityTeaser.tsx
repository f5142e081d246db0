import type { Charity } from "@/lib/charity";
import type { Site } from "@/lib/content";
import { Button } from "./Button";
import { Paragraphs } from "./RichText";
import { Eyebrow } from "./Section";
import { Split } from "./Split";
import styles from "./CharityTeaser.module.css";

/** The charity teaser on Home and What we do, linking to /charity. */
export function CharityTeaser({ teaser: t, site }: { teaser: Charity["teaser"]; site: Site }) {
  return (
    <section aria-labelledby="charity-teaser" className={styles.teaser}>
      <div className="container">
        <Split image={t.image} alt={t.alt} reverse>
          <Eyebrow>{t.eyebrow}</Eyebrow>
          <h2 id="charity-teaser">{t.heading}</h2>
          <Paragraphs text={[t.text]} site={site} />
          <Button to={t.link.to} variant="tertiary">
            {t.link.label}
          </Button>
        </Split>
      </div>
    </section>
  );
}
