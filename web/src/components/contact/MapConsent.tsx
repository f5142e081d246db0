import { ExternalLink } from "@/components/ExternalLink";
import button from "@/components/Button.module.css";
import { ResponsiveImage } from "@/components/ResponsiveImage";
import type { Site } from "@/lib/content";
import { osmEmbedUrl, osmPageUrl } from "@/lib/map";
import { office, type Contact } from "@/lib/screens";
import styles from "./contact.module.css";

/**
 * The head office's map: a preview until `Show map` (consent) puts the OpenStreetMap frame from
 * its inert <template> in its place (`wireMapConsent`). `frame={false}` for the editor's preview,
 * where React would render a <template>'s children live.
 */
export function MapConsent({
  map: m,
  site,
  frame = true,
}: {
  map: Contact["map"];
  site: Site;
  frame?: boolean;
}) {
  const o = office(site, m.office);
  return (
    <section aria-labelledby="map" className={styles.mapSection} data-map="">
      <h2 id="map">{m.heading}</h2>
      <div className={styles.map}>
        {frame && (
          <template data-map-frame="">
            <iframe
              className={styles.frame}
              src={osmEmbedUrl(m)}
              title={m.frameTitle}
              referrerPolicy="no-referrer"
            />
          </template>
        )}
        <div className={styles.preview} data-map-preview="">
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
            <button
              type="button"
              className={`${button.button} ${button.primary} ${styles.showMap}`}
              data-map-show=""
              aria-describedby="map-consent"
            >
              <span>{m.showLabel}</span>
            </button>
            <p id="map-consent" className={styles.consent}>
              {m.consent}
            </p>
          </div>
        </div>
      </div>
      <p className={styles.mapLink} data-map-link="" hidden>
        <ExternalLink href={osmPageUrl(m)}>{m.openLabel}</ExternalLink>
      </p>
    </section>
  );
}
