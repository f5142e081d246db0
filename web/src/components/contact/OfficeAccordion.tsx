import { useRef, useState, type KeyboardEvent } from "react";
import { ResponsiveImage } from "@/components/ResponsiveImage";
import { focusTarget, toggle, type OpenIndex } from "@/lib/accordion";
import { contact } from "@/lib/contact";
import { office } from "@/lib/screens";
import styles from "./contact.module.css";

/**
 * The four offices as an accordion: one open at a time, clicking the open one
 * closes it. Each header is a real disclosure button (aria-expanded,
 * aria-controls); arrow keys, Home and End move between the buttons.
 */
export function OfficeAccordion() {
  const [open, setOpen] = useState<OpenIndex>(null);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const entries = contact.offices.map((entry) => ({ ...entry, office: office(entry.id) }));

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = focusTarget(event.key, index, entries.length);
    if (next === null) return;
    event.preventDefault();
    buttons.current[next]?.focus();
  };

  return (
    <section aria-labelledby="offices" className={styles.offices}>
      <h2 id="offices">{contact.officesHeading}</h2>
      <div className={styles.accordion}>
        {entries.map((entry, i) => {
          const expanded = open === i;
          const buttonId = `office-${entry.id}`;
          const panelId = `office-${entry.id}-panel`;
          return (
            <div key={entry.id} className={styles.item} data-open={expanded || undefined}>
              <h3 className={styles.itemHeading}>
                <button
                  ref={(el) => {
                    buttons.current[i] = el;
                  }}
                  id={buttonId}
                  type="button"
                  className={styles.trigger}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen((o) => toggle(o, i))}
                  onKeyDown={(e) => onKeyDown(e, i)}
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
                hidden={!expanded}
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
