import type { Charity } from "@/lib/charity";
import type { Site } from "@/lib/content";
import { PartnerSection } from "./PartnerSection";
import styles from "./charity.module.css";

/** The partner charities, each with its text, images, logos and optional video. */
export function Partners({ charity, site }: { charity: Charity; site: Site }) {
  return (
    <section aria-labelledby="partners" className={styles.partners}>
      <div className="container">
        <h2 id="partners">{charity.partnersHeading}</h2>
        <p className={styles.partnersIntro}>{charity.partnersIntro}</p>
        {charity.partners.map((p, i) => (
          <PartnerSection key={p.id} partner={p} index={i} labels={charity} site={site} />
        ))}
      </div>
    </section>
  );
}
