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
    test(`${path} is the 404 page with status 404 and hydrates cleanly`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
      await expect(page.getByText("The page you are looking for does not exist.")).toHaveCount(1);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      // The visitor's URL stays in the address bar.
      expect(new URL(page.url()).pathname).toBe(path);
      // The page is live: client-side navigation works from it.
      await page.getByRole("link", { name: "Back to the home page" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator("h1")).not.toHaveText("404");
      await expectNoAxeViolations(page);
    });
  }

  test("a client-side link to an unknown vacancy shows the 404 page", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }
      ).__reactRouterDataRouter.navigate("/careers/nope"),
    );
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
});
