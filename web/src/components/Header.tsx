import type { Site } from "@/lib/content";
import { markerIndex } from "@/lib/nav";
import styles from "./Header.module.css";

interface HeaderProps {
  site: Site;
  pathname: string;
  notFound?: boolean;
}

/**
 * The site header, no island: the menu is a popover the burger toggles, styled on
 * `#site-nav:popover-open`; the active-link marker is drawn at build and moved between pages by
 * a View Transition (styles/global.css).
 */
export function Header({ site, pathname, notFound = false }: HeaderProps) {
  const active = markerIndex(pathname, site.nav, notFound);
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <a href="/" className={styles.logo} aria-label={`${site.name}, home`}>
          <span className={styles.mark} aria-hidden="true" />
          <span className={styles.wordmark} aria-hidden="true">
            {site.shortName}
          </span>
        </a>
        <button type="button" className={styles.burger} popoverTarget="site-nav">
          <span className={`visually-hidden ${styles.openLabel}`}>{site.ui.openMenu}</span>
          <span className={`visually-hidden ${styles.closeLabel}`}>{site.ui.closeMenu}</span>
          <span className={styles.burgerLines} aria-hidden="true" />
        </button>
        <nav id="site-nav" aria-label="Main" className={styles.nav} popover="auto">
          <div className={styles.layers} aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <span key={i} className={styles.layer} />
            ))}
          </div>
          <ul className={styles.list}>
            {site.nav.map((link, i) => (
              <li key={link.to} className={styles.item}>
                {i === 0 && (
                  // Focused when the menu opens; hidden from 1024 px, where an autofocus link
                  // would take the focus at page load (its twin stands in the inline nav).
                  <a
                    href={link.to}
                    className={`${styles.link} ${styles.menuOnly}`}
                    aria-current={i === active ? "page" : undefined}
                    autoFocus
                  >
                    {link.label}
                  </a>
                )}
                <a
                  href={link.to}
                  className={i === 0 ? `${styles.link} ${styles.inlineOnly}` : styles.link}
                  aria-current={i === active ? "page" : undefined}
                >
                  {link.label}
                </a>
                {i === active && <span className={styles.marker} aria-hidden="true" />}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
