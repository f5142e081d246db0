import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import siteJson from "#content/site.json";
import type { Site } from "@/lib/content";
import { Footer } from "./Footer";
import { Header } from "./Header";
import headerStyles from "./Header.module.css";

// Header and Footer are never hydrated: what the build writes is all there is.
// These tests read that HTML, as the browser gets it.
const site: Site = siteJson;
function render(markup: string): Document {
  return new DOMParser().parseFromString(`<body>${markup}</body>`, "text/html");
}

const header = (pathname: string, notFound = false) =>
  render(renderToStaticMarkup(<Header site={site} pathname={pathname} notFound={notFound} />));

const hrefs = (links: Iterable<Element>) => [...links].map((a) => a.getAttribute("href"));

/** The links of the inline nav: every link but the menu-only twin of the first. */
const inlineLinks = (doc: Document) =>
  [...doc.querySelectorAll("#site-nav a")].filter(
    (a) => !a.classList.contains(headerStyles.menuOnly!),
  );

describe("Header markup", () => {
  it("wires the burger to the nav popover", () => {
    const doc = header("/contact");
    const burger = doc.querySelector("header button")!;
    const nav = doc.getElementById("site-nav")!;
    expect(burger.getAttribute("type")).toBe("button");
    expect(burger.getAttribute("popovertarget")).toBe("site-nav");
    expect(nav.tagName).toBe("NAV");
    expect(nav.getAttribute("popover")).toBe("auto");
    expect(nav.getAttribute("aria-label")).toBe("Main");
    // No state in attributes: the browser exposes the expanded state of a popover invoker.
    expect(burger.hasAttribute("aria-expanded")).toBe(false);
  });

  it("labels the burger from content, one label per state", () => {
    const burger = header("/contact").querySelector("header button")!;
    const open = burger.querySelector(`.${headerStyles.openLabel}`);
    const close = burger.querySelector(`.${headerStyles.closeLabel}`);
    expect(open?.textContent).toBe(site.ui.openMenu);
    expect(close?.textContent).toBe(site.ui.closeMenu);
    expect(burger.textContent).toBe(`${site.ui.openMenu}${site.ui.closeMenu}`);
  });

  it("links the logo home and the sections in the order of content", () => {
    const doc = header("/contact");
    const logo = doc.querySelector("header > div > a")!;
    expect(logo.getAttribute("href")).toBe("/");
    expect(logo.getAttribute("aria-label")).toBe(`${site.name}, home`);
    expect(hrefs(inlineLinks(doc))).toEqual(site.nav.map((l) => l.to));
    expect(inlineLinks(doc).map((a) => a.textContent)).toEqual(site.nav.map((l) => l.label));
  });

  it("focuses the menu's first link on opening through a menu-only twin, not the inline link", () => {
    const doc = header("/what-we-do");
    const autofocus = [...doc.querySelectorAll("[autofocus]")];
    expect(autofocus).toHaveLength(1);
    const [twin] = autofocus;
    expect(twin!.classList.contains(headerStyles.menuOnly!)).toBe(true);
    expect(twin!.getAttribute("href")).toBe(site.nav[0]!.to);
    expect(twin!.textContent).toBe(site.nav[0]!.label);
    // It stands first in the menu, beside its inline twin, in the first item.
    const firstItem = doc.querySelector("#site-nav li")!;
    expect(firstItem.firstElementChild).toBe(twin);
    const inline = inlineLinks(doc)[0]!;
    expect(inline.parentElement).toBe(firstItem);
    expect(inline.classList.contains(headerStyles.inlineOnly!)).toBe(true);
    // Both say the same about the current page.
    expect(twin!.getAttribute("aria-current")).toBe("page");
    expect(inline.getAttribute("aria-current")).toBe("page");
  });

  it("has no style attributes (the CSP forbids them)", () => {
    expect(header("/contact").querySelector("[style]")).toBeNull();
  });

  it.each([
    ["/what-we-do", "/what-we-do"],
    ["/contact", "/contact"],
    ["/careers", "/careers"],
    ["/unknown", site.nav[0]!.to],
  ])("%s: marker and aria-current on %s only", (path, active) => {
    const doc = header(path);
    const current = inlineLinks(doc).filter((a) => a.getAttribute("aria-current") === "page");
    expect(hrefs(current)).toEqual([active]);
    const markers = doc.querySelectorAll(`.${headerStyles.marker}`);
    expect(markers).toHaveLength(1);
    // The marker follows the active inline link, in the same item.
    expect(markers[0]!.previousElementSibling).toBe(current[0]);
    expect(markers[0]!.getAttribute("aria-hidden")).toBe("true");
  });

  it.each([
    ["/", false],
    ["/privacy-statement", false],
    ["/careers/asset-manager", false],
    ["/who-we-are/1", false],
    ["/contact", true],
  ])("%s (404: %s): no marker, no current link", (path, notFound) => {
    const doc = header(path, notFound);
    expect(doc.querySelector(`.${headerStyles.marker}`)).toBeNull();
    expect(doc.querySelector("[aria-current]")).toBeNull();
  });
});

describe("Footer markup", () => {
  const footer = (pathname: string) =>
    render(renderToStaticMarkup(<Footer site={site} pathname={pathname} />));

  it("repeats the section links, names the places and links the privacy statement", () => {
    const doc = footer("/contact");
    const quick = doc.querySelector('nav[aria-labelledby="footer-quick-access"]')!;
    expect(hrefs(quick.querySelectorAll("a"))).toEqual(site.nav.map((l) => l.to));
    const links = [...doc.querySelectorAll("a")];
    for (const place of site.footer.locations) {
      expect(links.find((a) => a.textContent === place)?.getAttribute("href")).toBe("/contact");
    }
    expect(links.find((a) => a.getAttribute("href") === "/privacy-statement")?.textContent).toBe(
      site.footer.privacyLabel,
    );
    expect(doc.body.textContent).toContain(`© ${site.footer.copyrightYear} ${site.name}`);
    expect(links.filter((a) => a.getAttribute("href")?.startsWith("tel:+"))).toHaveLength(1);
  });

  it.each([
    ["/", true],
    ["/who-we-are", true],
    ["/who-we-are/12", true],
    ["/contact", false],
    ["/careers/asset-manager", false],
  ])("%s: portrait credit %s", (path, shown) => {
    expect(footer(path).body.textContent?.includes(site.footer.portraitCredit)).toBe(shown);
  });
});
