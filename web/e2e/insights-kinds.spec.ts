// The insights list as LinkedIn's page shows it, in Chromium, from the
// embedded sample feed (internal/feedsample: posts.json in the Posts
// API's shape, posts-by-urn.json for the reposted posts): newest
// publication first, dates from publishedAt, a card for every kind of
// organisation post, and a long text cut at a whole emoji.
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const byText = (page: Page, text: string | RegExp) => cards(page).filter({ hasText: text });
const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}";

/** Opens the list and shows every post. */
async function showAll(page: Page) {
  const res = await page.request.get("/linkedin-api");
  const total = ((await res.json()) as { elements: unknown[] }).elements.length;
  await page.goto("/latest-insights");
  await waitForHydration(page);
  const more = page.getByRole("button", { name: "More articles" });
  while ((await cards(page).count()) < total) {
    const shown = await cards(page).count();
    await more.click();
    await expect(cards(page)).toHaveCount(Math.min(shown + 3, total));
  }
  return total;
}

test.describe("every kind of post", () => {
  test("newest publication first, dated by publishedAt; no dark post", async ({ page }) => {
    await showAll(page);
    const times = await cards(page)
      .locator("time")
      .evaluateAll((els) => els.map((el) => Date.parse((el as HTMLTimeElement).dateTime)));
    expect(times.length).toBeGreaterThan(15);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Edited today, published in 2020: last, not first.
    const last = cards(page).last();
    await expect(last).toContainText("Three years of Veldhaven");
    await expect(last.locator("time")).toHaveText("14 sep 2020");
    await expect(cards(page).first()).toContainText("Keizershof");
    // Scheduled: created on 26 September, published on the 29th.
    await expect(byText(page, "Scheduled for the start").locator("time")).toHaveText("29 sep 2023");
    // Published and public, but for sponsored content only.
    await expect(byText(page, "Sponsored only")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a repost says so and shows the reposted post's text and image", async ({ page }) => {
    await showAll(page);
    const repost = byText(page, "fifth study hall");
    await expect(repost).toHaveCount(1);
    await expect(repost.getByText("Reposted", { exact: true })).toBeVisible();
    await expect(repost.locator("blockquote")).toContainText(
      "Stichting Studiezalen opens its fifth study hall",
    );
    await expect(
      repost.locator("blockquote span", { hasText: "#VeldhavenFoundation" }),
    ).toHaveCount(1);
    const img = repost.getByRole("img", { name: "The new study hall in Amsterdam-Noord" });
    await expect(img).toHaveAttribute("src", /^\/linkedin-api\/media\//);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
      .toBeGreaterThan(0);
  });

  test("a repost LinkedIn refuses says so and links to the reposted post", async ({ page }) => {
    await showAll(page);
    const refused = byText(page, "Worth a read.");
    await expect(refused).toContainText("LinkedIn does not let us show the reposted post here.");
    await expect(
      refused.getByRole("link", { name: /^View the reposted post on LinkedIn/ }),
    ).toHaveAttribute(
      "href",
      "https://www.linkedin.com/feed/update/urn:li:ugcPost:7098000000000444002/",
    );
  });

  test("a poll shows its question and options", async ({ page }) => {
    await showAll(page);
    const poll = byText(page, "What matters most in a mid-market rental home?");
    await expect(poll.getByText("Poll", { exact: true })).toBeVisible();
    await expect(poll.locator("[data-post-poll-options] > p")).toHaveText([
      "Rent below 30% of income",
      "Energy label A",
      "Near public transport",
      "Shared outdoor space",
    ]);
  });

  test("a long text is cut at 400 characters without splitting the emoji at the cut", async ({
    page,
  }) => {
    await showAll(page);
    const card = byText(page, "Scheduled for the start");
    const text = (await card.locator("p").first().textContent()) ?? "";
    expect(text.endsWith(`${family}...`)).toBe(true);
    const chars = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)];
    expect(chars).toHaveLength(403);
    await expect(card.getByRole("link", { name: /^Read More/ })).toHaveAttribute(
      "href",
      "https://www.linkedin.com/feed/update/urn:li:share:7100000000001221003/",
    );
  });

  test("documents, articles without text, multi-image and unknown kinds are never empty", async ({
    page,
  }) => {
    await showAll(page);
    const doc = byText(page, "Veldhaven ESG report 2023");
    await expect(doc.getByText("Document", { exact: true })).toBeVisible();
    const article = cards(page).filter({
      has: page.getByRole("link", { name: /^Why affordable rent is a sound investment/ }),
    });
    await expect(article.getByRole("link", { name: /^Why affordable rent/ })).toHaveAttribute(
      "href",
      "https://www.veldhaven.eu/insights/affordable-rent-2023",
    );
    await expect(
      article.getByRole("img", { name: "Why affordable rent is a sound investment" }),
    ).toHaveAttribute("src", /^\/linkedin-api\/media\//);
    await expect(
      byText(page, "Topping-out at De Werf").getByRole("img", { name: "De Werf from the canal" }),
    ).toHaveCount(1);
    await expect(
      cards(page)
        .getByRole("link", { name: /^View this post on LinkedIn/ })
        .first(),
    ).toHaveAttribute(
      "href",
      "https://www.linkedin.com/feed/update/urn:li:share:7100000000001169008/",
    );
    // No card without text and without media.
    for (const card of await cards(page).all()) {
      const body = await card.evaluate((el) =>
        [...el.children]
          .filter((c) => c.tagName !== "HEADER" && c.tagName !== "FOOTER")
          .map((c) => (c.textContent ?? "").trim() + (c.querySelector("img") ? "[img]" : ""))
          .join(""),
      );
      expect(body).not.toBe("");
    }
  });
});
