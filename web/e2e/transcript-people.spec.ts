// What a screen-reader user hears on Who we are: the directory (search,
// filters, no result, Load more, the phone's filter dialog) and the employee
// popup (opened by a click and by its address, Previous and Next, Escape).
// docs/accessibility.md: how each is announced, how to read a failure.
import { readEntries } from "../lib/content-dir.mjs";
import type { Page } from "@playwright/test";
import { escapeRegExp, expect, test, waitForHydration } from "./fixtures";
import { axProperty, axSession, axTree, exposedWithRole, startScreenReader } from "./screen-reader";

interface Employee {
  id: number;
  name: string;
  location: string;
}
const all: Employee[] = readEntries("people");
const first = all[0]!;
const second = all[1]!;
const third = all[2]!;

const directory = (page: Page) => page.getByRole("region", { name: "Meet our people" });
const popup = (page: Page) => page.getByRole("dialog");
const countText = (n: number) => (n === 1 ? "1 person" : `${n} people`);

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

async function openDirectory(page: Page) {
  await open(page, "/who-we-are");
  await directory(page).getByRole("heading", { name: "Meet our people" }).scrollIntoViewIfNeeded();
  await waitForHydration(page);
}

/** Presses Tab until `target` has focus (at most `max` times). */
async function tabTo(page: Page, target: import("@playwright/test").Locator, max = 20) {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.describe("the popup", () => {
  test("opened by a click on a card: the dialog and the person are announced; Escape returns to the card", async ({
    page,
  }) => {
    await openDirectory(page);
    const sr = await startScreenReader(page);
    const card = directory(page).getByRole("link", { name: new RegExp(escapeRegExp(second.name)) });
    await tabTo(page, card, 80);
    await sr.clear();
    await page.keyboard.press("Enter");
    await expect(popup(page).getByRole("heading", { name: second.name })).toBeVisible();
    await sr.expectToHear(new RegExp(`^dialog, ${escapeRegExp(second.name)}`));
    await sr.clear();
    await page.keyboard.press("Escape");
    await expect(popup(page)).toHaveCount(0);
    await sr.expectToHear(new RegExp(`^link, ${escapeRegExp(second.name)}`));
  });

  // A move showed a new person in silence, focus left on
  // the Next link (named after the one after).
  test("Next and Previous announce the person now shown", async ({ page }) => {
    await open(page, `/who-we-are/${first.id}`);
    const sr = await startScreenReader(page);
    const next = popup(page).getByRole("link", { name: /Next colleague/ });
    await tabTo(page, next);
    await sr.clear();
    await page.keyboard.press("Enter");
    await expect(popup(page).getByRole("heading", { name: second.name })).toBeVisible();
    await sr.expectToHear(`heading, ${second.name}, level 2`);
    await sr.expectNotToHear(new RegExp(escapeRegExp(third.name)));

    const previous = popup(page).getByRole("link", { name: /Previous colleague/ });
    await tabTo(page, previous);
    await sr.clear();
    await page.keyboard.press("Enter");
    await expect(popup(page).getByRole("heading", { name: first.name })).toBeVisible();
    await sr.expectToHear(`heading, ${first.name}, level 2`);
  });

  // Opened from its address, the popup looked modal but
  // the whole page behind it was exposed and focus was on the body until the
  // first key or press.
  test("opened from its address: modal from the first paint, the page behind inert, focus in it", async ({
    page,
  }) => {
    await page.goto(`/who-we-are/${second.id}`);
    // No interaction at all: what a screen reader finds as the page arrives.
    expect(await popup(page).evaluate((d) => d.matches(":modal"))).toBe(true);
    expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
    const ax = await axSession(page);
    const nodes = await axTree(ax);
    const dialogs = exposedWithRole(nodes, "dialog");
    expect(dialogs.map((d) => [d.name?.value, axProperty(d, "modal")])).toEqual([
      [second.name, true],
    ]);
    // Behind it nothing is exposed: not the header's links, not the directory's cards.
    const names = exposedWithRole(nodes, "link").map((n) => n.name?.value ?? "");
    expect(names.filter((n) => /Who we are|What we do/.test(n))).toEqual([]);
    expect(exposedWithRole(nodes, "searchbox")).toEqual([]);

    const sr = await startScreenReader(page);
    // Tab from there stays in the dialog, and Escape closes it back to the directory.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
    await sr.clear();
    await page.keyboard.press("Escape");
    await expect(popup(page)).toBeHidden();
    await expect(page).toHaveURL(/\/who-we-are$/);
    await sr.expectToHear(new RegExp(`^link, ${escapeRegExp(second.name)}`));
  });
});

test.describe("the directory at 1280 px", () => {
  test("typing a name says how many match", async ({ page }) => {
    await openDirectory(page);
    const sr = await startScreenReader(page);
    const search = directory(page).getByRole("searchbox", { name: "Search by name" });
    await search.focus();
    await sr.clear();
    await page.keyboard.type(first.name.slice(0, 4));
    const n = all.filter((e) =>
      e.name.toLowerCase().includes(first.name.slice(0, 4).toLowerCase()),
    ).length;
    await sr.expectToHear(`polite: ${countText(n)}`);
  });

  test("a filter says it is pressed and how many match", async ({ page }) => {
    await openDirectory(page);
    const sr = await startScreenReader(page);
    const filter = directory(page).getByRole("button", { name: first.location, exact: true });
    await tabTo(page, filter, 40);
    await sr.expectToHear(new RegExp(`^button, ${escapeRegExp(first.location)}, not pressed`));
    await sr.clear();
    await page.keyboard.press("Space");
    const n = all.filter((e) => e.location === first.location).length;
    await sr.expectToHear(`polite: ${countText(n)}`);
  });

  // "No one matches these filters." was outside the live region.
  test("a search with no result says so, not only 0 people", async ({ page }) => {
    await openDirectory(page);
    const sr = await startScreenReader(page);
    await directory(page).getByRole("searchbox", { name: "Search by name" }).focus();
    await sr.clear();
    await page.keyboard.type("zzzq");
    await expect(directory(page).getByText("No one matches these filters.")).toBeVisible();
    await sr.expectToHear("polite: 0 people");
    await sr.expectToHear("polite: No one matches these filters.");
  });
});

test.describe("the directory at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  // Focus moved to the first new person in silence about how many came.
  test("Load more says how many were added, then the first of them", async ({ page }) => {
    await openDirectory(page);
    const sr = await startScreenReader(page);
    const more = directory(page).getByRole("button", { name: "Load more" });
    await tabTo(page, more, 40);
    await sr.clear();
    await page.keyboard.press("Enter");
    await sr.expectToHear(`polite: 10 more shown, 18 of ${countText(all.length)}`);
    await sr.expectToHear(new RegExp(`^link, ${escapeRegExp(all[8]!.name)}`));
  });

  // Clear filters in the dialog changed the choices in silence.
  test("the filter dialog: named, and Clear filters says what it did", async ({ page }) => {
    await openDirectory(page);
    const sr = await startScreenReader(page);
    const open = directory(page).getByRole("button", { name: "Filter people" });
    await tabTo(page, open, 40);
    await sr.clear();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Who are you looking for?" });
    await expect(dialog).toBeVisible();
    await sr.expectToHear(/^dialog, Who are you looking for\?/);
    const city = dialog.getByRole("button", { name: first.location, exact: true });
    await tabTo(page, city, 40);
    await page.keyboard.press("Space");
    const n = all.filter((e) => e.location === first.location).length;
    await sr.expectToHear(`polite: ${countText(n)}`);
    const clear = dialog.getByRole("button", { name: "Clear filters" });
    await tabTo(page, clear, 40);
    await sr.clear();
    await page.keyboard.press("Enter");
    await expect(city).toHaveAttribute("aria-pressed", "false");
    await sr.expectToHear(`polite: ${countText(all.length)}`);
  });
});
