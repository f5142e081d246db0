import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { browserPages, pages, unknownPaths } from "./pages";

test.describe("every page", () => {
  for (const path of browserPages) {
    test(`${path} answers 200 with its own title, description and canonical link`, async ({
      page,
    }) => {
      // The directory holds ~60 people: axe needs longer there on a busy machine.
      test.slow(path.startsWith("/who-we-are"));
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page).toHaveTitle(/Veldhaven Capital Partners/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${path === "/" ? "/" : path}$`),
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
      await expect(page.locator("h1")).toHaveCount(1);
      await expectNoAxeViolations(page);
    });
  }

  test("every page's HTML has status 200, its canonical link and one h1", async ({ request }) => {
    for (const path of pages) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? "";
      expect(canonical, path).toMatch(new RegExp(`${path === "/" ? "/" : path}$`));
      expect(html.match(/<h1[\s>]/g)?.length, `${path} has one h1`).toBe(1);
      // Same-site pages are prefetched on hover or touch.
      expect(html, path).toContain('<script type="speculationrules">');
    }
  });

  test("titles and descriptions are unique", async ({ request }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of pages) {
      const html = await (await request.get(path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
      expect(titles.get(title), `${path} repeats the title of another page`).toBeUndefined();
      expect(descriptions.get(description), `${path} repeats a description`).toBeUndefined();
      titles.set(title, path);
      descriptions.set(description, path);
    }
  });
});

test.describe("404", () => {
  for (const path of unknownPaths) {
    test(`${path} is the 404 page with status 404 and loads cleanly`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
      await expect(page.getByText("The page you are looking for does not exist.")).toHaveCount(1);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      // The visitor's URL stays in the address bar.
      expect(new URL(page.url()).pathname).toBe(path);
      // The way home works from it.
      await page.getByRole("link", { name: "Back to the home page" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator("h1")).not.toHaveText("404");
      await expectNoAxeViolations(page);
    });
  }

  test("a link to an unknown vacancy leads to the 404 page", async ({ page }) => {
    await page.goto("/");
    // No page links to a vacancy that does not exist: put such a link on the page and follow it.
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/careers/nope";
      link.textContent = "A vacancy that does not exist";
      document.querySelector("main")!.prepend(link);
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/careers/nope")),
      page.getByRole("link", { name: "A vacancy that does not exist" }).click(),
    ]);
    expect(response.status()).toBe(404);
    await expect(page).toHaveURL(/\/careers\/nope$/);
    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
  });
});

test("/test redirects to the home page with 301", async ({ request, page }) => {
  const response = await request.get("/test", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe("/");
  await page.goto("/test");
  await expect(page).toHaveURL(/\/$/);
});

test("a trailing slash redirects to the path without it", async ({ request }) => {
  const response = await request.get("/contact/", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe("/contact");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  for (const path of ["/", "/careers", "/who-we-are", "/does-not-exist"]) {
    test(`${path} shows its prerendered content`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.locator("h1")).not.toBeEmpty();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }

  test("the 404 page says what happened", async ({ page }) => {
    const response = await page.goto("/careers/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
    await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
  });

  test("the burger menu opens, closes and navigates", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/careers");
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(nav.getByRole("link", { name: "Contact" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "What we do" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Contact" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});
