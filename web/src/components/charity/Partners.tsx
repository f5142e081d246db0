import { charity } from "@/lib/charity";
import { PartnerSection } from "./PartnerSection";
import styles from "./charity.module.css";

/** The partner charities, each with its text, images, logos and optional video. */
export function Partners() {
  return (
    <section aria-labelledby="partners" className={styles.partners}>
      <div className="container">
        <h2 id="partners">{charity.partnersHeading}</h2>
        <p className={styles.partnersIntro}>{charity.partnersIntro}</p>
        {charity.partners.map((p, i) => (
          <PartnerSection key={p.id} partner={p} index={i} />
        ))}
      </div>
    </section>
  );
}
