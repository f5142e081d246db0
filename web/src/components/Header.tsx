import type { Site } from "@/lib/content";
import { markerIndex } from "@/lib/nav";
import { menuLayers } from "@/lib/stagger";
import styles from "./Header.module.css";

interface HeaderProps {
  site: Site;
  /** The page's path, e.g. "/careers/asset-manager". */
  pathname: string;
  /** The 404 page: no marker. */
  notFound?: boolean;
}

/**
 * The site header: logo, the seven section links with the active-link marker
 * (>= 1024 px), and under 1024 px a burger opening a full-screen menu.
 *
 * No island. The menu is a popover: the burger toggles it (and the browser
 * exposes its expanded state), Escape and a click outside it (the logo) close
 * it and give focus back, `autofocus` moves focus to the first link when it
 * opens (a twin of that link that exists only in the menu: an autofocus link
 * shown inline at 1024 px and up would take the focus at page load). Which label the burger shows, the staggered opening, the shrinking
 * logo and the scroll lock are CSS keyed on `#site-nav:popover-open`; the
 * page behind the open menu is made inert by an inline script (layouts/Base.astro). The
 * marker is drawn under the current page's link at build time; between pages
 * a cross-document View Transition moves it (styles/global.css).
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
          <span className={styles.openLabel}>{site.ui.openMenu}</span>
          <span className={styles.closeLabel}>{site.ui.closeMenu}</span>
          <span className={styles.burgerLines} aria-hidden="true" />
        </button>
        <nav id="site-nav" aria-label="Main" className={styles.nav} popover="auto">
          <div className={styles.layers} aria-hidden="true">
            {Array.from({ length: menuLayers }, (_, i) => (
              <span key={i} className={styles.layer} />
            ))}
          </div>
          <ul className={styles.list}>
            {site.nav.map((link, i) => (
              <li key={link.to} className={styles.item}>
                {i === 0 && (
                  // The menu's focus target: `autofocus` focuses it when the
                  // popover opens. It is display: none from 1024 px, where
                  // its twin below stands in the inline nav, so that it
                  // cannot take the focus at page load there.
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
