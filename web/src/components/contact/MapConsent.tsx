import { useState } from "react";
import { ExternalLink } from "@/components/ExternalLink";
import { Button } from "@/components/Button";
import { ResponsiveImage } from "@/components/ResponsiveImage";
import { site } from "@/lib/content";
import { osmEmbedUrl, osmPageUrl } from "@/lib/map";
import { contact } from "@/lib/contact";
import { office } from "@/lib/screens";
import styles from "./contact.module.css";

/**
 * The map of the head office. The OpenStreetMap frame loads only after the
 * visitor clicks `Show map` (decisions.md); before that, a static preview with
 * the address. Both states have the same box, so nothing shifts.
 */
export function MapConsent() {
  const m = contact.map;
  const o = office(m.office);
  const [shown, setShown] = useState(false);
  return (
    <section aria-labelledby="map" className={styles.mapSection}>
      <h2 id="map">{m.heading}</h2>
      <div className={styles.map}>
        {shown ? (
          <iframe
            className={styles.frame}
            src={osmEmbedUrl(m)}
            title={m.frameTitle}
            loading="lazy"
            referrerPolicy="no-referrer"
          />
        ) : (
          <>
            <ResponsiveImage
              name={m.previewImage}
              alt={m.previewAlt}
              sizes="(min-width: 1264px) 1200px, 100vw"
              cover
            />
            <div className={styles.mapCard}>
              <p className={styles.mapAddress}>
                <strong>{site.name}</strong>
                <br />
                {o.address}, {o.zipCode} {o.title}
              </p>
              <Button onClick={() => setShown(true)}>{m.showLabel}</Button>
              <p className={styles.consent}>{m.consent}</p>
            </div>
          </>
        )}
      </div>
      {shown && (
        <p className={styles.mapLink}>
          <ExternalLink href={osmPageUrl(m)}>{m.openLabel}</ExternalLink>
        </p>
      )}
    </section>
  );
}
