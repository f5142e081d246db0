import { ExternalLink } from "@/components/ExternalLink";
import button from "@/components/Button.module.css";
import { ResponsiveImage } from "@/components/ResponsiveImage";
import type { Site } from "@/lib/content";
import { osmEmbedUrl, osmPageUrl } from "@/lib/map";
import { office, type Contact } from "@/lib/screens";
import styles from "./contact.module.css";

/**
 * The map of the head office. The OpenStreetMap frame loads only after the
 * visitor clicks `Show map` (decisions.md); before that, a static preview with
 * the address. The frame waits in a <template> (inert: nothing is requested)
 * until `wireMapConsent` (@/lib/map, a few lines of script on the page) puts
 * it in the preview's place. Both states have the same box, so nothing
 * shifts. Without script the button is hidden and the link to the map's site shows.
 *
 * `frame={false}` leaves the frame out: the editor's preview renders this in
 * the browser, where React puts a <template>'s children in the document
 * itself (not in its inert content), and the frame would load.
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
            {/* What the visitor consents to: the button's description, heard with it. */}
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
