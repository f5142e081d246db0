// The computed styles of the elements that carry the site's look, compared
// with Chromium's on the same page at the same size: a declaration an engine
// drops (a shorthand it cannot parse, a value it does not know) shows here as
// a property that differs.
import type { Driver } from "./driver";
import { expect, test } from "./fixtures";

/** The elements compared: the link-style buttons, the other buttons, the header and footer links, headings. */
const elements = [
  "header a",
  "header button",
  "#site-nav a",
  "main h1",
  "main h2",
  "main a[class]",
  "main button[class]",
  "footer a",
];

/** What each element is compared on. */
const properties = [
  "display",
  "position",
  "color",
  "background-color",
  "opacity",
  "font-size",
  "font-weight",
  "font-style",
  "text-transform",
  "text-decoration-line",
  "text-decoration-style",
  "text-decoration-thickness",
  "text-underline-offset",
  "border-top-style",
  "border-top-width",
  "border-top-left-radius",
  "padding-top",
  "padding-left",
];

/** Each rendered element of `selectors`, named by its selector and text, with its computed `props`. */
function computed(selectors: string[], props: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const selector of selectors) {
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "")
        .replace(/\s+/g, " ")
        .trim();
      for (const prop of props)
        out[`${selector} "${name.slice(0, 40)}" ${prop}`] = style.getPropertyValue(prop);
    }
  }
  return out;
}

async function open(driver: Driver, url: string, width: number, menu: boolean) {
  await driver.resize(width, 800);
  await driver.goto(url);
  if (menu) {
    await driver.click('button[popovertarget="site-nav"]');
    // The menu's layers and items have come in (1 s: lib/stagger.ts).
    await new Promise((r) => setTimeout(r, 1500));
  }
  return driver.evaluate(computed, elements, properties);
}

const cases = [
  { path: "/", width: 1280, menu: false },
  { path: "/", width: 375, menu: true },
  { path: "/careers", width: 1280, menu: false },
  { path: "/who-we-are?q=nobody-at-all", width: 375, menu: false },
  { path: "/charity", width: 768, menu: false },
];

for (const { path, width, menu } of cases) {
  test(`${path} at ${width} px${menu ? " with the menu open" : ""}: styles as in Chromium`, async ({
    site,
    chromium,
    url,
  }) => {
    const reference = await open(chromium, url(path), width, menu);
    await chromium.problems();
    const here = await open(site, url(path), width, menu);
    expect(Object.keys(reference).length).toBeGreaterThan(20);
    // Lengths to half a pixel: Firefox rounds to 1/60 px, and the engines'
    // default font size of a button (one holding only an icon) is 13 or 13.33 px.
    const same = (a: string | undefined, b: string) =>
      a === b || (/^[\d.]+px$/.test(b) && Math.abs(parseFloat(a ?? "") - parseFloat(b)) < 0.5);
    const differs = Object.keys(reference)
      .filter((key) => !same(here[key], reference[key]!))
      .map((key) => `${key}: ${here[key] ?? "(not rendered)"}, Chromium ${reference[key]}`);
    expect(differs).toEqual([]);
  });
}
