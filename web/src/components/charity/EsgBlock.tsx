import { Button } from "@/components/Button";
import { ResponsiveArtImage } from "@/components/ResponsiveImage";
import { Inline } from "@/components/RichText";
import { Reveal } from "@/components/Reveal";
import type { Charity } from "@/lib/charity";
import type { Site } from "@/lib/content";
import styles from "./charity.module.css";

/** ESG initiatives; rises 50 px in 0.3 s as its bottom reaches the viewport's. */
export function EsgBlock({ esg: e, site }: { esg: Charity["esg"]; site: Site }) {
  return (
    <section aria-labelledby="esg" className={styles.esgBand}>
      <div className="container">
        <Reveal when="bottom" duration={0.3} distance={50} className={styles.esg}>
          <div className={styles.esgMedia}>
            <ResponsiveArtImage
              {...e.images}
              alt={e.alt}
              sizes={{
                mobile: "100vw",
                tablet: "50vw",
                desktop: "(min-width: 1264px) 600px, 48vw",
              }}
            />
          </div>
          <div className={styles.esgBody}>
            <h2 id="esg">{e.heading}</h2>
            <p>
              <Inline text={e.text} site={site} />
            </p>
            <Button href={e.button.href} variant="secondary">
              {e.button.label}
              {e.button.context && <span className="visually-hidden"> {e.button.context}</span>}
            </Button>
          </div>
        </Reveal>
      </div>
    </section>
  );
}
