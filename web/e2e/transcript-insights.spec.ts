// What a screen-reader user hears of the LinkedIn feed on /latest-insights
// and the home page: loading, the posts' arrival, More articles, each post,
// and the error text. docs/accessibility.md: how to read a failure.
import type { Page, Route } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import {
  axSession,
  axTree,
  exposedWithRole,
  startScreenReader,
  type AXNode,
} from "./screen-reader";

/**
 * Holds the requests matching `url` until `release` is called. The feed's
 * answer: a test starts the reader while the page is still loading the feed
 * (its request starts with the HTML, a preload). Astro's script bundles
 * (/_astro/): the reader must be listening before the feed's script first
 * speaks, as a screen reader is from the moment a page starts loading.
 */
async function hold(page: Page, url: string) {
  const held: Route[] = [];
  let released = false;
  await page.route(url, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return async () => {
    released = true;
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const route of held.splice(0)) await route.continue();
  };
}

const posts = (page: Page) => page.getByRole("main").getByRole("article");

/**
 * In the page's main content, every link a screen reader can reach has a
 * name of its own (Chromium's tree: the header's and footer's navigation
 * repeat each other, with the same targets, and are not the feed's); and
 * anywhere on the page one link text leads to one place.
 */
async function expectLinksSayWhereTheyGo(page: Page) {
  const ax = await axSession(page);
  const nodes = await axTree(ax);
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const inMain = (n: AXNode) => {
    for (let p = n.parentId && byId.get(n.parentId); p; p = p.parentId && byId.get(p.parentId)) {
      if (p.role?.value === "main") return true;
    }
    return false;
  };
  const names = exposedWithRole(nodes, "link")
    .filter(inMain)
    .map((l) => l.name?.value ?? "");
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  const repeated = [...counts].filter(([, c]) => c > 1).map(([n, c]) => `${c}× ${n}`);
  expect(repeated, names.join("\n")).toEqual([]);
  // Anywhere on the page, one link text leads to one place.
  const targets = await page.evaluate(() => {
    const byName = new Map<string, Set<string>>();
    for (const a of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
      if (a.closest('[aria-hidden="true"], [hidden]')) continue;
      const name = (a.textContent ?? "").replace(/\s+/g, " ").trim();
      byName.set(name, (byName.get(name) ?? new Set()).add(a.href));
    }
    return [...byName].filter(([, hrefs]) => hrefs.size > 1).map(([name]) => name);
  });
  expect(targets).toEqual([]);
}

test.describe("/latest-insights", () => {
  // The loading status was in the page from the first
  // paint (never announced) and the posts arrived in silence.
  test("announces loading, then how many posts arrived", async ({ page }) => {
    const release = await hold(page, "**/linkedin-api");
    const releaseScripts = await hold(page, "**/_astro/*.js");
    // Module scripts hold DOMContentLoaded back: the page is committed and parsed, not loaded.
    await page.goto("/latest-insights", { waitUntil: "commit" });
    await page.locator("[data-feed-status]").waitFor({ state: "attached" });
    const sr = await startScreenReader(page);
    await releaseScripts();
    await sr.expectToHear("polite: Loading insights");
    await sr.clear();
    await release();
    await expect(posts(page)).toHaveCount(3);
    await sr.expectToHear(/^polite: 3 posts shown/);
  });

  // More articles moved focus to an unnamed list item,
  // and posts had no heading or name.
  test("each post has a heading; More articles moves to the first new post's heading", async ({
    page,
  }) => {
    await page.goto("/latest-insights");
    await waitForHydration(page);
    await expect(posts(page)).toHaveCount(3);
    for (const post of await posts(page).all()) {
      await expect(post.getByRole("heading", { level: 2 })).toHaveCount(1);
    }
    const headings = await posts(page).getByRole("heading", { level: 2 }).allTextContents();
    expect(new Set(headings).size, headings.join("\n")).toBe(3);
    const sr = await startScreenReader(page);
    await page.getByRole("button", { name: "More articles" }).focus();
    await sr.clear();
    await page.keyboard.press("Enter");
    await expect(posts(page)).toHaveCount(6);
    const fourth = await posts(page).nth(3).getByRole("heading").textContent();
    await sr.expectToHear(`heading, ${fourth!.trim()}, level 2`);
    await sr.expectNotToHear(/^listitem/);
    // A post begins with its heading: not the firm's name, followers and date again.
    const firstOfPost = await posts(page)
      .nth(3)
      .evaluate((article) => {
        const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = n.textContent?.trim();
          if (!text) continue;
          if (n.parentElement?.closest('[aria-hidden="true"]')) continue;
          return n.parentElement?.closest("h2") ? "heading" : text;
        }
        return "";
      });
    expect(firstOfPost).toBe("heading");
  });

  // Link texts repeated with different targets, and the
  // same two links in every post.
  test("every link a screen reader lists says where it goes, once", async ({ page }) => {
    await page.goto("/latest-insights");
    await waitForHydration(page);
    const more = page.getByRole("button", { name: "More articles" });
    while ((await more.count()) > 0) await more.click();
    await expectLinksSayWhereTheyGo(page);
  });

  // Dutch text was read with the page's English voice.
  test("the feed's Dutch date and follower count say they are Dutch", async ({ page }) => {
    await page.goto("/latest-insights");
    await waitForHydration(page);
    await expect(posts(page)).toHaveCount(3);
    const unmarked = await page.evaluate(() =>
      [...document.querySelectorAll("main article time, main article [data-post-followers]")]
        .filter((el) => el.closest("[lang]")?.getAttribute("lang") !== "nl")
        .map((el) => el.textContent),
    );
    expect(unmarked).toEqual([]);
    expect(await posts(page).locator("time").count()).toBeGreaterThan(0);
  });
});

test.describe("home", () => {
  // "Read More on LinkedIn" twice, to different posts.
  test("every link a screen reader lists says where it goes, once", async ({ page }) => {
    await page.goto("/");
    const block = page.getByRole("region", { name: "Latest insights" });
    await block.scrollIntoViewIfNeeded();
    await expect(block.getByRole("article")).toHaveCount(3);
    await expectLinksSayWhereTheyGo(page);
  });
});

test.describe("the feed fails", () => {
  test.use({ expectedFailedRequests: [/\/linkedin-api$/] });

  test("the error text is announced as it appears", async ({ page }) => {
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((done) => (answer = done));
    await page.route("**/linkedin-api", async (route) => {
      await answered;
      await route.fulfill({
        status: 502,
        contentType: "application/json",
        body: JSON.stringify({ status: 502, message: "upstream failed" }),
      });
    });
    await page.goto("/latest-insights", { waitUntil: "domcontentloaded" });
    const sr = await startScreenReader(page);
    await sr.clear();
    answer!();
    await sr.expectToHear("assertive: Something went wrong, please try again later");
  });
});
