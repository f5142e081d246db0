import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";

const navOrder = [
  "/what-we-do",
  "/who-we-are",
  "/charity",
  "/latest-insights",
  "/governance",
  "/careers",
  "/contact",
];

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

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

/**
 * The expanded state of a button as the browser exposes it to assistive
 * technology. The burger is a popover invoker: Chromium derives its expanded
 * state from the popover, with no aria-expanded attribute to read in the DOM,
 * so this asks the accessibility tree itself.
 */
async function expandedState(page: Page, name: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: {
        ignored: boolean;
        role?: { value: string };
        name?: { value: string };
        properties?: { name: string; value: { value: unknown } }[];
      }[];
    };
    const buttons = nodes.filter(
      (n) => !n.ignored && n.role?.value === "button" && n.name?.value === name,
    );
    if (buttons.length !== 1) throw new Error(`${buttons.length} buttons named "${name}"`);
    const expanded = buttons[0]!.properties?.find((p) => p.name === "expanded");
    return expanded === undefined ? undefined : expanded.value.value === true;
  } finally {
    await cdp.detach();
  }
}

test.describe("active-link marker at 1280 px", () => {
  // The marker is the one decorative span beside a link in the nav.
  const marker = (page: Page) => page.locator('#site-nav li > span[aria-hidden="true"]');

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
      if (visible) {
        await expect(marker(page)).toBeVisible();
        const link = mainNav(page)
          .getByRole("link")
          .and(page.locator(`a[href="${path}"]`));
        await expect(link).toHaveAttribute("aria-current", "page");
        const [m, l] = await Promise.all([marker(page).boundingBox(), link.boundingBox()]);
        expect(m && l && Math.abs(m.x - l.x)).toBeLessThan(2);
        expect(m && l && Math.abs(m.width - l.width)).toBeLessThan(2);
      } else {
        await expect(marker(page)).toBeHidden();
        await expect(mainNav(page).locator("[aria-current]")).toHaveCount(0);
      }
    });
  }

  test("stands under a clicked link on the next page", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/what-we-do");
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

  for (const reducedMotion of ["no-preference", "reduce"] as const) {
    test(`moves there from the old link with the elastic 1.25 s easing (${reducedMotion})`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion });
      // What the new page's view transition animates, read as it starts.
      await page.addInitScript(() => {
        const w = window as unknown as { markerMove: unknown };
        w.markerMove = "no view transition";
        addEventListener("pagereveal", (event) => {
          const transition = (event as Event & { viewTransition: ViewTransition | null })
            .viewTransition;
          if (!transition) return;
          void transition.ready.then(() => {
            w.markerMove = document
              .getAnimations()
              .map((a) => a.effect as KeyframeEffect)
              .filter((e) => e.pseudoElement === "::view-transition-group(site-nav-marker)")
              .map((e) => {
                const frames = e.getKeyframes();
                const x = (f: ComputedKeyframe) => new DOMMatrix(String(f.transform)).e;
                return {
                  duration: e.getTiming().duration,
                  easing: String(frames[0]!.easing),
                  fromX: x(frames[0]!),
                  fromWidth: parseFloat(String(frames[0]!.width)),
                };
              });
          });
        });
      });
      await page.goto("/what-we-do");
      const from = (await mainNav(page).getByRole("link", { name: "What we do" }).boundingBox())!;
      await mainNav(page).getByRole("link", { name: "Contact" }).click();
      await expect(page).toHaveURL(/\/contact$/);
      const move = () =>
        page.evaluate(() => (window as unknown as { markerMove: unknown }).markerMove);
      if (reducedMotion === "reduce") {
        // Navigation done and painted: no transition started, the marker just stands there.
        await expect(marker(page)).toBeVisible();
        expect(await move()).toBe("no view transition");
        return;
      }
      await expect.poll(move).toEqual([
        {
          duration: 1250,
          easing: expect.stringMatching(
            /^linear\(0 0%, 0\.272 2\.5%, .*, 1\.364 12\.5%, .*, 1 100%\)$/,
          ),
          fromX: expect.closeTo(from.x, 0),
          fromWidth: expect.closeTo(from.width, 0),
        },
      ]);
    });
  }

  test("the page stays usable while the marker moves", async ({ page }) => {
    // The transition is slowed down here, so that the click surely lands during it.
    await page.addInitScript(() => {
      const w = window as unknown as { clickedDuringTransition: boolean | null };
      w.clickedDuringTransition = null;
      addEventListener("pagereveal", (event) => {
        const transition = (event as Event & { viewTransition: ViewTransition | null })
          .viewTransition;
        if (!transition) return;
        let running = true;
        void transition.ready.then(() => {
          for (const a of document.getAnimations()) a.playbackRate = 0.05;
        });
        void transition.finished.then(() => (running = false));
        addEventListener("click", () => (w.clickedDuringTransition = running), { capture: true });
      });
    });
    await page.goto("/what-we-do");
    await mainNav(page).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.evaluate(() => {
      addEventListener("pagehide", () =>
        sessionStorage.setItem(
          "clickedDuringTransition",
          String(
            (window as unknown as { clickedDuringTransition: unknown }).clickedDuringTransition,
          ),
        ),
      );
    });
    await mainNav(page).getByRole("link", { name: "Careers" }).click();
    await expect(page).toHaveURL(/\/careers$/);
    expect(await page.evaluate(() => sessionStorage.getItem("clickedDuringTransition"))).toBe(
      "true",
    );
  });
});

test.describe("burger menu", () => {
  for (const width of [375, 800]) {
    test(`opens and closes at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/careers");
      const burger = page.getByRole("button", { name: "Open menu" });
      const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
      await expect(burger).toBeVisible();
      expect(await expandedState(page, "Open menu")).toBe(false);
      await expect(mainNav(page).getByRole("link", { name: "Contact" })).toBeHidden();
      await burger.click();
      await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
      expect(await expandedState(page, "Close menu")).toBe(true);
      await expect(mainNav(page).getByRole("link", { name: "Contact" })).toBeVisible();
      // Below 768 px the page behind stops scrolling; at 800 px it does not.
      expect(await bodyOverflow()).toBe(width < 768 ? "hidden" : "visible");
      // The logo shrinks while the menu is open.
      const logo = page.getByRole("link", { name: /home$/ });
      await expect
        .poll(() => logo.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a))
        .toBeCloseTo(0.8);
      // Focus moved into the menu.
      await expect(mainNav(page).getByRole("link", { name: "What we do" })).toBeFocused();
      // Tab walks the menu and never reaches the page behind it.
      for (let i = 0; i < navOrder.length + 2; i++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => !!document.activeElement?.closest("main, footer"))).toBe(
          false,
        );
      }
      await page.getByRole("button", { name: "Close menu" }).click();
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(mainNav(page).getByRole("link", { name: "What we do" })).toBeFocused();
      // Escape closes it and gives focus back to the burger.
      await page.keyboard.press("Escape");
      await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
      expect(await expandedState(page, "Open menu")).toBe(false);
      expect(await bodyOverflow()).toBe("visible");
      await expect
        .poll(() => logo.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a))
        .toBeCloseTo(1);
      // A nav item closes it and navigates.
      await page.getByRole("button", { name: "Open menu" }).click();
      await mainNav(page).getByRole("link", { name: "Governance" }).click();
      await expect(page).toHaveURL(/\/governance$/);
      await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
      expect(await expandedState(page, "Open menu")).toBe(false);
      // The logo closes it too, and goes home.
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(mainNav(page).getByRole("link", { name: "Contact" })).toBeVisible();
      await page.getByRole("link", { name: /home$/ }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
      expect(await expandedState(page, "Open menu")).toBe(false);
      await expect(mainNav(page).getByRole("link", { name: "Contact" })).toBeHidden();
    });
  }

  test("opens with the layers staggered from 0.1 s to 0.4 s and the items from 0.4 s to 1 s", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/careers");
    await page.getByRole("button", { name: "Open menu" }).click();
    const delays = await page.evaluate(() => {
      const nav = document.getElementById("site-nav")!;
      const byTarget = new Map<Element, number>();
      for (const a of document.getAnimations()) {
        const effect = a.effect as KeyframeEffect;
        if (effect.target && nav.contains(effect.target)) {
          byTarget.set(effect.target, Number(effect.getTiming().delay) / 1000);
        }
      }
      const of = (selector: string) =>
        [...nav.querySelectorAll(selector)].map((el) => byTarget.get(el) ?? null);
      return { layers: of("[aria-hidden] > span"), items: of("li") };
    });
    expect(delays).toEqual({
      layers: [0.1, 0.2, 0.3, 0.4],
      items: [0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1],
    });
  });

  test("opens at once under reduced motion, and passes axe open", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/careers");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(mainNav(page).getByRole("link", { name: "Contact" })).toBeVisible();
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    // The open menu is as accessible as the page.
    await expectNoAxeViolations(page);
  });

  test("is not shown at 1024 px and up, and nothing takes the focus at load", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(mainNav(page).getByRole("link", { name: "Contact" })).toBeVisible();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    // Tab goes skip link, logo, then the section links in order.
    const order: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      order.push(await page.evaluate(() => document.activeElement?.getAttribute("href") ?? null));
    }
    expect(order).toEqual(["#main", "/", "/what-we-do", "/who-we-are"]);
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
