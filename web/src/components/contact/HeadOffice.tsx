import { telHref } from "@/components/Footer";
import type { Site } from "@/lib/content";
import { office, type Contact } from "@/lib/screens";
import styles from "./contact.module.css";

/** Address, phone and the commercial and residential mail links. */
export function HeadOffice({
  headOffice: h,
  site,
}: {
  headOffice: Contact["headOffice"];
  site: Site;
}) {
  const o = office(site, h.office);
  return (
    <section aria-labelledby="head-office" className={styles.headOffice}>
      <h2 id="head-office">{h.heading}</h2>
      <address className={styles.address}>
        <span className={styles.firm}>{site.name}</span>
        <span>{o.address}</span>
        <span>
          {o.zipCode} {o.title}
        </span>
        <span>{o.country}</span>
      </address>
      <dl className={styles.lines}>
        <div>
          <dt className="eyebrow">{h.phoneLabel}</dt>
          <dd>
            <a href={telHref(site.phone)}>{site.phone}</a>
          </dd>
        </div>
        {h.mailLinks.map((m) => {
          const email = site.email[m.email as keyof typeof site.email];
          return (
            <div key={m.label}>
              <dt className="eyebrow">{m.label}</dt>
              <dd>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
