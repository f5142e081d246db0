// How a page loads: the first paint needs the HTML alone (its CSS is inlined),
// and the JavaScript starts once the page has loaded (see
// scripts/inline-css.mjs and scripts/defer-hydration.mjs).
import { expect, test, waitForHydration } from "./fixtures";
import { browserPages } from "./pages";

for (const path of browserPages.filter((p) => !p.startsWith("/who-we-are/"))) {
  test(`${path}: styled without a stylesheet request, JavaScript after the load event and the first paint`, async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(path);
    await waitForHydration(page);
    expect(requested.filter((p) => p.endsWith(".css"))).toEqual([]);
    // The inlined CSS is in effect: the header is laid out by its stylesheet.
    await expect(page.locator("header").first()).toHaveCSS("position", /sticky|fixed|relative/);
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((e) => new URL(e.name).pathname.endsWith(".js"));
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      return {
        loadEventStart: nav.loadEventStart,
        firstContentfulPaint: fcp?.startTime ?? Infinity,
        firstScript: Math.min(...scripts.map((e) => e.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timing.scripts).toBeGreaterThan(0);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.loadEventStart);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.firstContentfulPaint);
  });
}

test("React, React DOM and React Router arrive as one script", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith(".js")) scripts.push(path);
  });
  await page.goto("/privacy-statement");
  await waitForHydration(page);
  const framework = scripts.filter((p) => /^\/assets\/framework-[\w-]+\.js$/.test(p));
  expect(framework).toHaveLength(1);
  const source = await (await page.request.get(framework[0]!)).text();
  // React DOM's hydrateRoot and React Router's HydratedRouter are both in it.
  expect(source).toContain("hydrateRoot");
  expect(source).toContain("__reactRouterContext");
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

test("a page reached by client-side navigation looks as it does when loaded directly", async ({
  page,
}) => {
  await page.goto("/what-we-do");
  await waitForHydration(page);
  const direct = await mainStyles(page);
  const heading = (await page.locator("main h1").first().textContent()) ?? "";
  // The privacy page inlines only its own CSS: What we do's styles must come
  // with the navigation.
  await page.goto("/privacy-statement");
  await waitForHydration(page);
  await page
    .getByRole("banner")
    .getByRole("link", { name: /what we do/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/what-we-do$/);
  // The URL changes before the new screen renders: wait for its heading.
  await expect(page.locator("main h1").first()).toHaveText(heading);
  await expect.poll(() => mainStyles(page)).toEqual(direct);
});
