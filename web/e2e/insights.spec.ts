import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";

const errorText = "Something went wrong, please try again later";
const homeBlock = (page: Page) => page.getByRole("region", { name: "Latest insights" });
const cards = (page: Page) => page.getByRole("main").getByRole("article");
/** The cards of the feed on a screen (the home page has other blocks too). */
const feedCards = (page: Page, path: string) =>
  (path === "/" ? homeBlock(page) : page.getByRole("main")).getByRole("article");
/** The screens that show the feed. */
const feedScreens = ["/", "/latest-insights"];

/**
 * Scrolls down the way a visitor does, a wheel step at a time, until the home
 * insights block is in view: its code loads only as it comes near the viewport.
 */
async function scrollToHomeBlock(page: Page) {
  const block = homeBlock(page);
  for (let i = 0; i < 60; i++) {
    const box = await block.boundingBox();
    const height = page.viewportSize()?.height ?? 800;
    if (box && box.y < height * 0.5) return;
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(60);
  }
  throw new Error("the home insights block never came into view");
}

/** Number of posts the sample feed serves (only published public posts). */
async function feedSize(page: Page): Promise<number> {
  const res = await page.request.get("/linkedin-api");
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { elements: unknown[] };
  return body.elements.length;
}

test.describe("home insights block", () => {
  test("shows the first 3 posts as cards and a button to the list", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await scrollToHomeBlock(page);
    const block = homeBlock(page);
    await expect(block.getByRole("article")).toHaveCount(3);
    const first = block.getByRole("article").first();
    // The firm's name links to its LinkedIn page; hidden from screen readers,
    // which would hear it in every post: reached by its text.
    await expect(first.locator("a", { hasText: /^Veldhaven Capital Partners/ })).toHaveAttribute(
      "href",
      "https://www.linkedin.com/company/veldhaven-capital-partners",
    );
    await expect(first.getByText("3.921 volgers")).toBeVisible();
    await expect(first.locator("time")).toHaveText("14 nov 2023");
    await expect(block.getByRole("link", { name: "More articles" })).toHaveAttribute(
      "href",
      "/latest-insights",
    );
    await expectNoAxeViolations(page);
  });

  test("the prerendered page shows the spinner while the feed loads", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("Loading insights");
  });

  test("nothing of the feed loads until the block comes near the viewport", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    await page.goto("/");
    await waitForHydration(page);
    expect(requests.filter((p) => p.startsWith("/linkedin-api"))).toEqual([]);
    await scrollToHomeBlock(page);
    await expect(homeBlock(page).getByRole("article")).toHaveCount(3);
    expect(requests.filter((p) => p === "/linkedin-api")).toHaveLength(1);
  });
});

test.describe("/latest-insights", () => {
  test("shows 3 posts, 3 more per click, and no button once all are shown", async ({ page }) => {
    const total = await feedSize(page);
    expect(total).toBeGreaterThan(6);
    await page.goto("/latest-insights");
    await waitForHydration(page);
    await expect(cards(page)).toHaveCount(3);
    const more = page.getByRole("button", { name: "More articles" });
    let shown = 3;
    while (shown < total) {
      await more.click();
      const first = shown;
      shown = Math.min(shown + 3, total);
      await expect(cards(page)).toHaveCount(shown);
      // Focus moves to the first new post, where the reader continues: to its
      // heading, which says which post it is.
      await expect(
        page.getByRole("main").getByRole("listitem").nth(first).getByRole("heading"),
      ).toBeFocused();
    }
    await expect(more).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("More articles works from the keyboard", async ({ page }) => {
    await page.goto("/latest-insights");
    await waitForHydration(page);
    await page.getByRole("button", { name: "More articles" }).focus();
    await page.keyboard.press("Enter");
    await expect(cards(page)).toHaveCount(6);
  });

  test("a long post is cut, shows Read More to the post, and hashtags as spans", async ({
    page,
  }) => {
    await page.goto("/latest-insights");
    await waitForHydration(page);
    const long = cards(page).first();
    const readMore = long.getByRole("link", { name: /^Read More/ });
    await expect(readMore).toHaveAttribute(
      "href",
      "https://www.linkedin.com/feed/update/urn:li:share:7100000000001242486/",
    );
    const text = (await long.locator("p").textContent()) ?? "";
    expect(text.endsWith("...")).toBe(true);
    expect(text).not.toMatch(/[{}]|urn:li|@\[/);
    // Mention markup is gone, the mentioned name stays.
    expect(text).toContain("Brink Mulder Advocaten");
    const short = cards(page).nth(2);
    await expect(short.getByRole("link", { name: /^Read More/ })).toHaveCount(0);
    await expect(short.locator("p > span", { hasText: "#Charity" })).toHaveCount(1);
  });

  test("media come from the site itself; the video is muted, looped and inline", async ({
    page,
  }) => {
    await page.goto("/latest-insights");
    await waitForHydration(page);
    const img = cards(page)
      .first()
      .getByRole("img", { name: /Keizershof/ });
    await expect(img).toHaveAttribute("src", /^\/linkedin-api\/media\//);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
      .toBeGreaterThan(0);
    const video = cards(page).nth(2).locator("video");
    await expect(video).toHaveAttribute("src", /^\/linkedin-api\/media\//);
    expect(
      await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.playsInline, v.autoplay]),
    ).toEqual([true, true, true, true]);
  });

  test("the video does not autoplay under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/latest-insights");
    await waitForHydration(page);
    const video = cards(page).nth(2).locator("video");
    await expect(video).toHaveAttribute("src", /^\/linkedin-api\/media\//);
    expect(await video.evaluate((v: HTMLVideoElement) => v.autoplay)).toBe(false);
  });

  // Either step of a medium can fail: resolving its URL, or loading its bytes.
  for (const failure of [
    {
      name: "a media URL that cannot be resolved",
      route: "**/linkedin-api/image?**",
      answer: { status: 503, json: { status: 503, message: "unavailable" } },
      failedRequest: /\/linkedin-api\/(image|video)\?/,
      logged: "insights: image not loaded",
    },
    {
      name: "media bytes that fail to load",
      route: "**/linkedin-api/media/**",
      answer: { status: 404 },
      failedRequest: /\/linkedin-api\/media\//,
      logged: "failed to load",
    },
  ]) {
    test.describe(failure.name, () => {
      test.use({ expectedFailedRequests: [failure.failedRequest] });
      test("keeps the placeholder (no broken image) and is only logged", async ({ page }) => {
        await page.route(failure.route, (route) => route.fulfill(failure.answer));
        const logged = page.waitForEvent("console", (m) => m.text().includes(failure.logged));
        await page.goto("/latest-insights");
        await waitForHydration(page);
        await logged;
        const first = cards(page).first();
        await expect(first.getByRole("img", { name: /Keizershof/ })).toHaveCount(0);
        await expect(first.locator("img[alt='']").nth(1)).toBeVisible();
      });
    });
  }

  test("the prerendered page shows the loading placeholder, not posts", async ({ request }) => {
    const html = await (await request.get("/latest-insights")).text();
    expect(html).toContain("Loading insights");
    // The card's <template> is inert markup the feed's code fills: not a post.
    expect(html.replace(/<template[\s\S]*?<\/template>/g, "")).not.toContain("<article");
  });

  test("the feed is requested once, as the HTML arrives, before any script", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    await page.goto("/latest-insights");
    await waitForHydration(page);
    await expect(cards(page)).toHaveCount(3);
    const feed = requests.indexOf("/linkedin-api");
    const firstScript = requests.findIndex((p) => p.endsWith(".js"));
    expect(requests.filter((p) => p === "/linkedin-api")).toHaveLength(1);
    expect(feed).toBeGreaterThanOrEqual(0);
    expect(feed).toBeLessThan(firstScript);
  });

  // Pages are separate documents: a link to the list is a page load, which
  // preloads the feed from the HTML. (Under client-side routing this checked
  // that the list preloaded nothing.) The visitor's side stays: one request.
  test("reached by a link, the list fetches the feed once and preloads it once", async ({
    page,
  }) => {
    await page.goto("/privacy-statement");
    await waitForHydration(page);
    const feedRequests: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/linkedin-api") feedRequests.push(r.url());
    });
    await page.getByRole("banner").getByRole("link", { name: "Latest insights" }).first().click();
    await expect(page).toHaveURL(/\/latest-insights$/);
    await expect(cards(page)).toHaveCount(3);
    await waitForHydration(page);
    expect(feedRequests).toHaveLength(1);
    expect(await page.locator('link[rel="preload"][href="/linkedin-api"]').count()).toBe(1);
  });

  test("on a phone the first card's image loads first; the others' media wait for scrolling", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const media: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith("/linkedin-api/media/")) media.push(path);
    });
    await page.goto("/latest-insights");
    await waitForHydration(page);
    const lead = cards(page)
      .first()
      .getByRole("img", { name: /Keizershof/ });
    await expect(lead).toHaveAttribute("fetchpriority", "high");
    expect(await lead.getAttribute("loading")).toBeNull();
    await expect
      .poll(() => lead.evaluate((el: HTMLImageElement) => el.naturalWidth))
      .toBeGreaterThan(0);
    const video = cards(page).nth(2).locator("video");
    await expect(video).toHaveCount(0);
    expect(media).toHaveLength(1);
    await cards(page).nth(2).scrollIntoViewIfNeeded();
    await expect(video).toHaveAttribute("src", /^\/linkedin-api\/media\//);
  });

  test("axe clean while loading and at 375 px without horizontal scroll", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/linkedin-api", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/latest-insights");
    await expect(page.getByRole("status")).toHaveText("Loading insights");
    await expectNoAxeViolations(page);
    release();
    await expect(cards(page)).toHaveCount(3);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  test("the posts replace the placeholder without layout shift", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number };
      w.cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
        }[]) {
          if (!e.hadRecentInput) w.cls += e.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of feedScreens) {
        await page.goto(path);
        await waitForHydration(page);
        if (path === "/") await scrollToHomeBlock(page);
        await expect(feedCards(page, path).first()).toBeVisible();
        const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
        expect(cls, `CLS of ${path} at ${width} px`).toBeLessThan(0.01);
      }
    }
  });
});

// The real binary against a dead LinkedIn, with no snapshot: the feed
// endpoint answers an error, and both screens show the error text.
test.describe("when the feed fails", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ expectedFailedRequests: [/\/linkedin-api$/] });
  const port = Number(process.env.E2E_PORT || 4173) + 10;
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  let dataDir = "";

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "veldhaven-e2e-dead-feed-"));
    const site = process.env.SITE_DIR ? ["-site-dir", process.env.SITE_DIR] : [];
    const args = ["-addr", `127.0.0.1:${port}`, "-data-dir", dataDir, ...site];
    server = spawn(process.env.SITE_BIN || "../bin/site", args, {
      env: {
        ...process.env,
        LINKEDIN_ACCESS_TOKEN: "x",
        LINKEDIN_ORGANIZATION_URN: "urn:li:organization:1",
        LINKEDIN_API_BASE: "http://127.0.0.1:9",
        INSIGHTS_TIMEOUT: "1s",
        LOG_LEVEL: "error",
      },
      stdio: "ignore",
    });
    const deadline = Date.now() + 15_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`bin/site on port ${port} did not become healthy`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  test.afterAll(() => {
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the endpoint answers a JSON error", async ({ request }) => {
    const res = await request.get(`${base}/linkedin-api`);
    expect(res.status()).toBeGreaterThanOrEqual(500);
    expect(((await res.json()) as { status: number }).status).toBe(res.status());
  });

  for (const path of feedScreens) {
    test(`${path} shows the error text`, async ({ page }) => {
      await page.goto(`${base}${path}`);
      await waitForHydration(page);
      if (path === "/") await scrollToHomeBlock(page);
      await expect(page.getByText(errorText)).toBeVisible();
      await expect(feedCards(page, path)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "More articles" })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }
});
