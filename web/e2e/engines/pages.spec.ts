// Every page read top to bottom as a visitor would, on a phone and a desktop:
// it loads and scrolls with no error, and nothing is left invisible once it has
// been scrolled past (the reveals end opaque, whichever way the engine runs them).
import { recordPaths, staticPaths } from "../../lib/paths.mjs";
import { expect, test } from "./fixtures";

/** Every route once: each static page, the first page of each kind of record, an unknown path. */
const routes = [
  ...staticPaths,
  ...recordPaths().filter(
    (p, i, all) => all.findIndex((q) => q.split("/")[1] === p.split("/")[1]) === i,
  ),
  "/does-not-exist",
];

/**
 * Scrolls the page down a viewport at a time, waits for the longest reveal,
 * and lists what is rendered but not visible: an element with text, or a
 * picture, whose opacity (with its ancestors') is below 1 or that is hidden.
 * Not counted: closed dialogs and popovers, and what is for screen readers only.
 */
async function readTopToBottom(): Promise<string[]> {
  const frames = () =>
    new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
  for (let y = 0; ; y += Math.round(innerHeight * 0.8)) {
    scrollTo(0, y);
    await frames();
    await pause(50);
    if (y + innerHeight >= document.documentElement.scrollHeight) break;
  }
  await pause(1200);
  const left: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>("main *, footer *")) {
    if (el.getClientRects().length === 0) continue;
    const hasText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim());
    if (!hasText && !el.matches("img, video")) continue;
    if (el.closest("dialog, [popover], .visually-hidden")) continue;
    let opacity = 1;
    let hidden = false;
    for (let a: HTMLElement | null = el; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      opacity *= Number(style.opacity);
      hidden ||= style.visibility === "hidden";
    }
    if (opacity < 0.99 || hidden) {
      const name = el.textContent!.trim().slice(0, 40) || el.getAttribute("alt") || "";
      left.push(
        `${el.tagName.toLowerCase()} "${name}": opacity ${opacity.toFixed(2)}${hidden ? ", hidden" : ""}`,
      );
    }
  }
  return left;
}

for (const width of [375, 1280]) {
  for (const path of routes) {
    test(`${path} at ${width} px: read top to bottom, nothing left invisible`, async ({
      site,
      chromium,
      url,
    }) => {
      // What Chromium, which the main suite tests, also leaves transparent
      // is meant to be (names shown on hover, a dimmed placeholder).
      await chromium.resize(width, 800);
      await chromium.goto(url(path));
      const meant = new Set(await chromium.evaluate(readTopToBottom));
      await chromium.problems();
      await site.resize(width, 800);
      await site.goto(url(path));
      const left = await site.evaluate(readTopToBottom);
      expect(left.filter((e) => !meant.has(e))).toEqual([]);
      // Every reveal ended opaque, in its place.
      const reveals = await site.evaluate(() =>
        [...document.querySelectorAll("[data-reveal]")].map((el) => getComputedStyle(el).opacity),
      );
      expect(reveals.filter((o) => o !== "1")).toEqual([]);
    });
  }
}
