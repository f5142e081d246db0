import { site } from "@/lib/content";
import { markerIndex } from "@/lib/nav";
import styles from "./Header.module.css";

interface HeaderProps {
  /** The page's path, e.g. "/careers/asset-manager". */
  pathname: string;
  /** The 404 page: no marker. */
  notFound?: boolean;
}

/**
 * The site header: logo, the seven section links with the active-link marker
 * (>= 1024 px), and under 1024 px a burger opening a full-screen menu. No
 * script: the menu is a popover (Escape and light dismiss built in) and the
 * marker is drawn under the current page's link at build time.
 */
export function Header({ pathname, notFound = false }: HeaderProps) {
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
          <span className={styles.openLabel}>{site.ui.openMenu}</span>
          <span className={styles.closeLabel}>{site.ui.closeMenu}</span>
          <span className={styles.burgerLines} aria-hidden="true" />
        </button>
        <nav id="site-nav" aria-label="Main" className={styles.nav} popover="auto">
          <ul className={styles.list}>
            {site.nav.map((link, i) => (
              <li key={link.to} className={styles.item}>
                <a
                  href={link.to}
                  className={styles.link}
                  aria-current={i === active ? "page" : undefined}
                >
                  {link.label}
                </a>
                {i === active && (
                  <span className={styles.marker} aria-hidden="true" data-visible="true" />
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
