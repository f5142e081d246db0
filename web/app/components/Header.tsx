import { useEffect, useLayoutEffect, useRef } from "react";
import { Link, NavLink, useLocation, useMatches } from "react-router";
import { site } from "~/lib/content";
import { markerIndex } from "~/lib/nav";
import { isNotFoundMatch } from "~/lib/route-handle";
import { staggerDelays } from "~/lib/stagger";
import { atLeastDesktop, belowMobile, useMediaQuery } from "~/lib/use-media-query";
import styles from "./Header.module.css";

const menuLayers = 4;
const layerDelays = staggerDelays(menuLayers, 0.1, 0.4);
const itemDelays = staggerDelays(site.nav.length, 0.4, 1);

/** Sets a CSS custom property from a ref: no inline style attribute in prerendered HTML (CSP). */
function delayRef(seconds: number | undefined) {
  return (el: HTMLElement | null) => {
    el?.style.setProperty("--delay", `${seconds ?? 0}s`);
  };
}

interface HeaderProps {
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
}

/**
 * The site header: logo, the seven section links with the active-link marker
 * (>= 1024 px), and under 1024 px a burger opening a full-screen menu.
 */
export function Header({ menuOpen, onMenuOpenChange }: HeaderProps) {
  const { pathname } = useLocation();
  const notFound = useMatches().some(isNotFoundMatch);
  const desktop = useMediaQuery(atLeastDesktop);
  const mobile = useMediaQuery(belowMobile);
  const listRef = useRef<HTMLUListElement>(null);
  const markerRef = useRef<HTMLSpanElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const active = markerIndex(pathname, site.nav, notFound);

  // The marker sits under the active link; it moves with an elastic transition
  // once placed (the first placement is instant).
  useLayoutEffect(() => {
    const marker = markerRef.current;
    const link = active === null ? null : listRef.current?.querySelectorAll("a")[active];
    if (!marker) return;
    if (!link || !desktop) {
      marker.dataset.visible = "false";
      return;
    }
    marker.style.setProperty("--x", `${link.offsetLeft}px`);
    marker.style.setProperty("--w", `${link.offsetWidth}px`);
    const wasVisible = marker.dataset.visible === "true";
    marker.dataset.visible = "true";
    if (!wasVisible) {
      marker.dataset.animate = "false";
      requestAnimationFrame(() => {
        marker.dataset.animate = "true";
      });
    }
  }, [active, desktop]);

  // The menu exists only under 1024 px: close it when the window grows.
  useEffect(() => {
    if (desktop && menuOpen) onMenuOpenChange(false);
  }, [desktop, menuOpen, onMenuOpenChange]);

  // Under 768 px an open menu stops the page behind it from scrolling.
  useEffect(() => {
    if (!(menuOpen && mobile)) return;
    document.body.classList.add("no-scroll");
    return () => document.body.classList.remove("no-scroll");
  }, [menuOpen, mobile]);

  // Focus moves into the open menu; Escape closes it and returns focus to the burger.
  useEffect(() => {
    if (!menuOpen) return;
    listRef.current?.querySelector("a")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        onMenuOpenChange(false);
        burgerRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen, onMenuOpenChange]);

  const close = () => {
    if (menuOpen) onMenuOpenChange(false);
  };

  return (
    <header className={styles.header} data-menu-open={menuOpen}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.logo} onClick={close} aria-label={`${site.name}, home`}>
          <span className={styles.mark} aria-hidden="true" />
          <span className={styles.wordmark} aria-hidden="true">
            {site.shortName}
          </span>
        </Link>
        <button
          ref={burgerRef}
          type="button"
          className={styles.burger}
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => onMenuOpenChange(!menuOpen)}
        >
          <span className="visually-hidden">{menuOpen ? site.ui.closeMenu : site.ui.openMenu}</span>
          <span className={styles.burgerLines} aria-hidden="true" />
        </button>
        <nav id="site-nav" aria-label="Main" className={styles.nav}>
          <div className={styles.layers} aria-hidden="true">
            {layerDelays.map((delay) => (
              <span key={delay} ref={delayRef(delay)} className={styles.layer} />
            ))}
          </div>
          <ul ref={listRef} className={styles.list}>
            {site.nav.map((link, i) => (
              <li key={link.to} ref={delayRef(itemDelays[i])} className={styles.item}>
                <NavLink to={link.to} className={styles.link} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <span ref={markerRef} className={styles.marker} aria-hidden="true" data-visible="false" />
        </nav>
      </div>
    </header>
  );
}
