// What a screen-reader user hears of the burger menu, the contact accordion
// and map consent, the charity's video dialog, and each page's landmarks.
// docs/accessibility.md: how each is announced, how to read a failure.
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { pages } from "./pages";
import { axProperty, axSession, axTree, exposedWithRole, startScreenReader } from "./screen-reader";

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test.describe("burger menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("says it opens a menu, moves into it, and Escape returns to the button", async ({
    page,
  }) => {
    await open(page, "/careers");
    const sr = await startScreenReader(page);
    const burger = page.getByRole("button", { name: "Open menu" });
    await burger.focus();
    await sr.expectToHear(/^button, Open menu/);
    await sr.clear();
    await page.keyboard.press("Enter");
    await sr.expectToHear(/^link, What we do/);
    // Expanded state, as Chromium exposes it (the virtual reader does not follow it).
    const ax = await axSession(page);
    const expanded = exposedWithRole(await axTree(ax), "button").filter(
      (b) => b.name?.value === "Close menu",
    );
    expect(expanded.map((b) => axProperty(b, "expanded"))).toEqual([true]);
    await sr.clear();
    await page.keyboard.press("Escape");
    await sr.expectToHear(/^button, Open menu/);
    const collapsed = exposedWithRole(await axTree(ax), "button").filter(
      (b) => b.name?.value === "Open menu",
    );
    expect(collapsed.map((b) => axProperty(b, "expanded"))).toEqual([false]);
  });
});

test.describe("contact", () => {
  test("the accordion says each office's state, and its panel follows", async ({ page }) => {
    await open(page, "/contact");
    const sr = await startScreenReader(page);
    const dublin = page.getByRole("button", { name: /^Dublin/ });
    await dublin.focus();
    await sr.expectToHear(/^button, Dublin.*, not expanded/);
    await sr.clear();
    await page.keyboard.press("Enter");
    await expect(dublin).toHaveAttribute("aria-expanded", "true");
    // Expanded state: from Chromium's tree.
    const ax = await axSession(page);
    const buttons = exposedWithRole(await axTree(ax), "button").filter((b) =>
      /^Dublin/.test(b.name?.value ?? ""),
    );
    expect(buttons.map((b) => axProperty(b, "expanded"))).toEqual([true]);
    // Reading on from the button reaches the panel's address.
    let heard = "";
    for (let i = 0; i < 8 && !/Fitzwilliam/.test(heard); i++) heard = await sr.next();
    expect(heard).toMatch(/3 Fitzwilliam Place/);
  });

  // The consent sentence was a paragraph apart, not the button's description.
  test("Show map: the button is described by what the visitor consents to", async ({ page }) => {
    await open(page, "/contact");
    const sr = await startScreenReader(page);
    const show = page.getByRole("button", { name: "Show map" });
    await expect(show).toHaveAccessibleDescription(/openstreetmap\.org.*IP address/i);
    await show.focus();
    await sr.expectToHear(/^button, Show map, .*openstreetmap\.org.*IP address/i);
  });
});

test.describe("charity video dialog", () => {
  test("opens named after its video, with captions; Escape returns to its button", async ({
    page,
  }) => {
    await open(page, "/charity");
    const sr = await startScreenReader(page);
    // No stray space before the colon.
    const watch = page.getByRole("button", {
      name: "Watch the video: Prinsengrachtconcert",
      exact: true,
    });
    await watch.focus();
    await sr.clear();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "The Prinsengrachtconcert" });
    await expect(dialog).toBeVisible();
    await sr.expectToHear(/^dialog, The Prinsengrachtconcert/);
    const ax = await axSession(page);
    const dialogs = exposedWithRole(await axTree(ax), "dialog");
    expect(dialogs.map((d) => [d.name?.value, axProperty(d, "modal")])).toEqual([
      ["The Prinsengrachtconcert", true],
    ]);
    // A captions track, in the site's language, that loads.
    const track = dialog.locator('video > track[kind="captions"]');
    await expect(track).toHaveAttribute("srclang", "en");
    await expect(track).toHaveAttribute("default", "");
    await expect
      .poll(() => track.evaluate((t: HTMLTrackElement) => t.track.cues?.length ?? 0))
      .toBeGreaterThan(0);
    await sr.clear();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await sr.expectToHear("button, Watch the video: Prinsengrachtconcert, has popup dialog");
  });

  // The ESG image's alt said the heading beside it again.
  test("no image repeats the heading it stands beside", async ({ page }) => {
    await open(page, "/charity");
    const echoes = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>("main img[alt]")]
        .filter((img) => img.alt.trim() !== "")
        .filter((img) => {
          const block = img.closest("section, article, li");
          const headings = block ? [...block.querySelectorAll("h1, h2, h3, h4")] : [];
          return headings.some(
            (h) => h.textContent?.trim().toLowerCase() === img.alt.trim().toLowerCase(),
          );
        })
        .map((img) => img.alt),
    );
    expect(echoes).toEqual([]);
  });
});

// Every section was a named region (25 landmarks on
// /privacy-statement: one per topic and subtopic of one text, and the
// footer's columns). Landmarks are the page's few large parts: the header,
// its navigation, the main content and its bands, the footer.
test.describe("landmarks", () => {
  for (const path of pages.filter((p) => !/^\/who-we-are\/\d+$/.test(p))) {
    test(`${path}: at most 12 landmarks, none in another region or in the footer`, async ({
      page,
    }) => {
      await page.goto(path);
      const landmarkRoles = [
        "banner",
        "navigation",
        "main",
        "contentinfo",
        "region",
        "complementary",
        "search",
        "form",
      ];
      const ax = await axSession(page);
      const nodes = await axTree(ax);
      const landmarks = nodes.filter(
        (n) => !n.ignored && landmarkRoles.includes(n.role?.value ?? ""),
      );
      const list = landmarks.map((n) => `${n.role?.value} ${n.name?.value ?? ""}`);
      expect(list.length, list.join("\n")).toBeLessThanOrEqual(12);
      // A region inside a region, or inside the footer (a landmark itself),
      // is a part of a part: landmark navigation has no use for it.
      const byId = new Map(nodes.map((n) => [n.nodeId, n]));
      const nested = landmarks.filter((n) => {
        if (n.role?.value !== "region") return false;
        for (
          let p = n.parentId && byId.get(n.parentId);
          p;
          p = p.parentId && byId.get(p.parentId)
        ) {
          if (!p.ignored && ["region", "contentinfo"].includes(p.role?.value ?? "")) return true;
        }
        return false;
      });
      expect(nested.map((n) => n.name?.value)).toEqual([]);
    });
  }
});
