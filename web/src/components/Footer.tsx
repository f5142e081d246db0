import type { Site } from "@/lib/content";
import { showsPortraitCredit } from "@/lib/nav";
import styles from "./Footer.module.css";
import { ExternalLink } from "@/components/ExternalLink";

/** `tel:` target of a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/** The site footer of the specification: quick access, contact, locations, legal line. */
export function Footer({ site, pathname }: { site: Site; pathname: string }) {
  const { footer } = site;
  return (
    <footer className={`${styles.footer} on-dark`}>
      <div className={`container ${styles.columns}`}>
        <nav aria-labelledby="footer-quick-access" className={styles.column}>
          <h2 id="footer-quick-access" className={styles.heading}>
            {footer.quickAccessHeading}
          </h2>
          <ul className={styles.list}>
            {site.nav.map((link) => (
              <li key={link.to}>
                <a href={link.to}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        {/* Columns under headings, not named regions: the footer is a landmark
            already, and a landmark per column is noise to landmark navigation. */}
        <section className={styles.column}>
          <h2 className={styles.heading}>{footer.contactHeading}</h2>
          <ul className={styles.list}>
            <li>
              <a href="/contact">{footer.contactLinkLabel}</a>
            </li>
            <li>
              <ExternalLink href={site.social.linkedinCompany}>{footer.linkedinLabel}</ExternalLink>
            </li>
            <li>
              <a href={telHref(site.phone)}>{site.phone}</a>
            </li>
          </ul>
        </section>
        <section className={styles.column}>
          <h2 className={styles.heading}>{footer.locationsHeading}</h2>
          <ul className={styles.list}>
            {footer.locations.map((location) => (
              <li key={location}>
                <a href="/contact">{location}</a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className={`container ${styles.bottom}`}>
        <a href="/privacy-statement">{footer.privacyLabel}</a>
        <p className={styles.copyright}>
          © {footer.copyrightYear} {site.name}
        </p>
        {showsPortraitCredit(pathname, footer.portraitCreditPaths) && (
          <p className={styles.credit}>{footer.portraitCredit}</p>
        )}
      </div>
    </footer>
  );
}
