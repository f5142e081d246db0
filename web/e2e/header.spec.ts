import { expect, test, waitForHydration } from "./fixtures";

const navOrder = [
  "/what-we-do",
  "/who-we-are",
  "/charity",
  "/latest-insights",
  "/governance",
  "/careers",
  "/contact",
];

const mainNav = (page: import("@playwright/test").Page) =>
  page.getByRole("navigation", { name: "Main" });

test("the header links are the seven sections in order, and the logo links home", async ({
  page,
}) => {
  await page.goto("/contact");
  const hrefs = await mainNav(page)
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual(navOrder);
  await expect(page.getByRole("link", { name: /home$/ })).toHaveAttribute("href", "/");
});

test.describe("active-link marker at 1280 px", () => {
  const marker = (page: import("@playwright/test").Page) =>
    page.locator('#site-nav span[aria-hidden="true"][data-visible]');

  for (const [path, visible] of [
    ["/what-we-do", true],
    ["/contact", true],
    ["/careers", true],
    ["/", false],
    ["/privacy-statement", false],
    ["/careers/asset-manager", false],
    ["/who-we-are/1", false],
    ["/does-not-exist", false],
  ] as const) {
    test(`${path}: ${visible ? "shown" : "hidden"}`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      if (visible) {
        await expect(marker(page)).toBeVisible();
        const link = mainNav(page)
          .getByRole("link", { name: undefined })
          .and(page.locator(`a[href="${path}"]`));
        const [m, l] = await Promise.all([marker(page).boundingBox(), link.boundingBox()]);
        expect(m && l && Math.abs(m.x - l.x)).toBeLessThan(2);
      } else {
        await expect(marker(page)).toBeHidden();
      }
    });
  }

  test("moves to a clicked link", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/what-we-do");
    await waitForHydration(page);
    await mainNav(page).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    const link = page.locator('#site-nav a[href="/contact"]');
    await expect
      .poll(async () => {
        const [m, l] = await Promise.all([marker(page).boundingBox(), link.boundingBox()]);
        return m && l ? Math.round(m.x - l.x) : null;
      })
      .toBe(0);
  });
});

test.describe("burger menu", () => {
  for (const width of [375, 800]) {
    test(`opens and closes at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/careers");
      await waitForHydration(page);
      const burger = page.getByRole("button", { name: "Open menu" });
      await expect(burger).toBeVisible();
      await expect(mainNav(page).getByRole("link", { name: "Contact" })).toBeHidden();
      await burger.click();
      const close = page.getByRole("button", { name: "Close menu" });
      await expect(close).toHaveAttribute("aria-expanded", "true");
      await expect(mainNav(page).getByRole("link", { name: "Contact" })).toBeVisible();
      // Below 768 px the page behind stops scrolling; at 800 px it does not.
      expect(await page.evaluate(() => document.body.classList.contains("no-scroll"))).toBe(
        width < 768,
      );
      // Focus moved into the menu.
      await expect(mainNav(page).getByRole("link", { name: "What we do" })).toBeFocused();
      // Escape closes it and gives focus back to the burger.
      await page.keyboard.press("Escape");
      await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
      expect(await page.evaluate(() => document.body.classList.contains("no-scroll"))).toBe(false);
      // A nav item closes it and navigates.
      await page.getByRole("button", { name: "Open menu" }).click();
      await mainNav(page).getByRole("link", { name: "Governance" }).click();
      await expect(page).toHaveURL(/\/governance$/);
      await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
      // The logo closes it too.
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("link", { name: /home$/ }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
    });
  }

  test("is not shown at 1024 px and up", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(mainNav(page).getByRole("link", { name: "Contact" })).toBeVisible();
  });
});

test.describe("footer", () => {
  for (const [path, credit] of [
    ["/", true],
    ["/who-we-are", true],
    ["/who-we-are/1", true],
    ["/contact", false],
    ["/careers", false],
  ] as const) {
    test(`${path}: portrait credit ${credit ? "shown" : "hidden"}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("contentinfo").getByText(/Portrait photography/)).toHaveCount(
        credit ? 1 : 0,
      );
    });
  }

  test("has the quick access links, contact, phone, locations and legal line", async ({ page }) => {
    await page.goto("/contact");
    const footer = page.getByRole("contentinfo");
    const quick = footer.getByRole("navigation", { name: "Quick access" });
    expect(
      await quick.getByRole("link").evaluateAll((l) => l.map((a) => a.getAttribute("href"))),
    ).toEqual(navOrder);
    await expect(footer.locator('a[href^="tel:+"]')).toHaveCount(1);
    await expect(footer.locator('a[href*="linkedin.com"]')).toHaveCount(1);
    for (const place of ["The Netherlands", "Dublin", "Denmark", "Finland"]) {
      await expect(footer.getByRole("link", { name: place })).toHaveAttribute("href", "/contact");
    }
    await expect(footer.getByRole("link", { name: /Privacy/ })).toHaveAttribute(
      "href",
      "/privacy-statement",
    );
    await expect(footer.getByText(/© 2023/)).toBeVisible();
  });
});

test("scrolls to the top on a path change", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Careers" }).click();
  await expect(page).toHaveURL(/\/careers$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
