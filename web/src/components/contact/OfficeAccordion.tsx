import { ResponsiveImage } from "@/components/ResponsiveImage";
import type { Site } from "@/lib/content";
import { office, type Contact } from "@/lib/screens";
import styles from "./contact.module.css";

/** The offices as an accordion of disclosure buttons (`wireAccordion`); without script all show. */
export function OfficeAccordion({
  contact,
  site,
}: {
  contact: Pick<Contact, "offices" | "officesHeading">;
  site: Pick<Site, "offices">;
}) {
  const entries = contact.offices.map((entry) => ({ ...entry, office: office(site, entry.id) }));

  return (
    <section aria-labelledby="offices" className={styles.offices}>
      <h2 id="offices">{contact.officesHeading}</h2>
      <div className={styles.accordion} data-accordion="">
        {entries.map((entry) => {
          const buttonId = `office-${entry.id}`;
          const panelId = `office-${entry.id}-panel`;
          return (
            <div key={entry.id} className={styles.item}>
              <h3 className={styles.itemHeading}>
                <button
                  id={buttonId}
                  type="button"
                  className={styles.trigger}
                  aria-expanded="false"
                  aria-controls={panelId}
                >
                  <span className={styles.city}>{entry.office.title}</span>
                  <span className={styles.country}>{entry.office.country}</span>
                  <svg
                    className={styles.chevron}
                    viewBox="0 0 24 24"
                    width="20"
                    height="20"
                    aria-hidden="true"
                  >
                    <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </button>
              </h3>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                className={styles.panel}
                hidden
              >
                <address className={styles.officeAddress}>
                  <span>{entry.office.address}</span>
                  <span>
                    {entry.office.zipCode} {entry.office.title}
                  </span>
                  <span>{entry.office.country}</span>
                  {entry.office.phoneNumber && <span>{entry.office.phoneNumber}</span>}
                </address>
                <div className={styles.officeImage}>
                  <ResponsiveImage
                    name={entry.image}
                    alt={entry.alt}
                    sizes="(min-width: 1024px) 280px, 45vw"
                    cover
                  />
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
