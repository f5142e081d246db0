// How a page loads: the first paint needs the HTML alone (its CSS is inlined),
// static sections ship no script, and an island's script arrives only when its
// client:* directive fires (docs/web.md).
import { expect, test, waitForHydration } from "./fixtures";
import { browserPages } from "./pages";

/** Script requests of a page load, and those that held back the first paint. */
async function scriptTiming(page: import("@playwright/test").Page) {
  return page.evaluate(() => {
    const scripts = performance
      .getEntriesByType("resource")
      .filter((e) => new URL(e.name).pathname.endsWith(".js"));
    return {
      scripts: scripts.map((e) => new URL(e.name).pathname),
      renderBlocking: scripts
        // Chromium's Resource Timing field (not yet in TypeScript's DOM types).
        .filter(
          (e) => (e as { renderBlockingStatus?: string }).renderBlockingStatus !== "non-blocking",
        )
        .map((e) => new URL(e.name).pathname),
    };
  });
}

/**
 * Pages with something that moves or answers in their first view at 1280 x 800,
 * so their script loads at once: the feed, the careers video's control, the
 * charity intro video, the contact accordion. Every other page loads its scripts only when what they
 * drive comes near (client:visible islands, WhenNear.astro), if ever.
 */
const interactiveInFirstView = new Set(["/latest-insights", "/careers", "/charity", "/contact"]);

for (const path of browserPages.filter((p) => !p.startsWith("/who-we-are/"))) {
  test(`${path}: styled without a stylesheet request, no script holding back the first paint, none unless something in view needs it`, async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(path);
    await waitForHydration(page);
    expect(requested.filter((p) => p.endsWith(".css"))).toEqual([]);
    // The inlined CSS is in effect: the header is laid out by its stylesheet.
    await expect(page.locator("header").first()).toHaveCSS("position", /sticky|fixed|relative/);
    const timing = await scriptTiming(page);
    if (interactiveInFirstView.has(path)) {
      expect(timing.scripts.length).toBeGreaterThan(0);
      expect(timing.renderBlocking, "scripts that held back the first paint").toEqual([]);
    } else {
      expect(timing.scripts, "scripts on a page with nothing interactive in view").toEqual([]);
    }
  });
}

test("a section's script arrives when it comes into view, not before", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.endsWith(".js")) scripts.push(r.url());
  });
  await page.goto("/");
  await waitForHydration(page);
  expect(scripts, "the home page's first view has nothing interactive").toEqual([]);
  const island = page.locator("astro-island").first();
  await expect(island).toHaveAttribute("ssr", "");
  await island.evaluate((el) => (el.firstElementChild ?? el).scrollIntoView());
  await expect(island).not.toHaveAttribute("ssr", "");
  expect(scripts.length).toBeGreaterThan(0);
});

/** Computed styles of the main content's first elements: how the page looks. */
async function mainStyles(page: import("@playwright/test").Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].every(
      (l) => l.sheet,
    ),
  );
  return page.evaluate(() =>
    [...document.querySelectorAll("main *")].slice(0, 40).map((el) => {
      const s = getComputedStyle(el);
      return [el.tagName, s.display, s.fontSize, s.paddingTop, s.gridTemplateColumns, s.color].join(
        " ",
      );
    }),
  );
}

test("a page reached by a link looks as it does when loaded directly", async ({ page }) => {
  await page.goto("/what-we-do");
  await waitForHydration(page);
  const direct = await mainStyles(page);
  const heading = (await page.locator("main h1").first().textContent()) ?? "";
  // The privacy page inlines only its own CSS: What we do's styles must come
  // with the page the link leads to.
  await page.goto("/privacy-statement");
  await waitForHydration(page);
  await page
    .getByRole("banner")
    .getByRole("link", { name: /what we do/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/what-we-do$/);
  await expect(page.locator("main h1").first()).toHaveText(heading);
  await expect.poll(() => mainStyles(page)).toEqual(direct);
});
