// The editor by keyboard: where the focus lands when an entry opens and after
// a save, a focus ring on what has the focus, and no unnamed tab stop in a
// list entry's bar; and what the library says of an upload once saved.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  expect,
  expectSaved,
  fieldBox,
  openEntry,
  openFirstVacancy,
  publish,
  readEntry,
  shownField,
  test,
  type Vacancy,
} from "./editor";

/** Presses Tab until `isTarget` holds for the focused element; false if it never did. */
async function tabTo(page: Page, isTarget: string, presses = 60) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(`(() => { const e = document.activeElement; return ${isTarget}; })()`))
      return true;
  }
  return false;
}

test("an entry opened has the cursor in its first field", async ({ page }) => {
  await openEntry(page, "pages", "home");
  const first = page.getByRole("textbox", { name: "Small heading", exact: true }).first();
  await expect(first).toBeFocused();
});

test("after a save the focus is on the save's status, not the page", async ({ page }) => {
  await openEntry(page, "pages", "home");
  const first = page.getByRole("textbox", { name: "Small heading", exact: true }).first();
  await first.fill(`${await first.inputValue()} today`);
  await publish(page);
  await expectSaved(page);
  await expect(page.getByRole("button", { name: "Saved", exact: true })).toBeFocused();
});

test("an entry card of a collection shows a focus ring", async ({ page }) => {
  await page.goto("/admin/#/collections/pages");
  await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible();
  const card = 'e instanceof HTMLAnchorElement && e.getAttribute("href")?.includes("/entries/")';
  expect(await tabTo(page, card), "Tab reaches an entry card").toBe(true);
  const outline = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThanOrEqual(2);
});

test("Tab goes from an entry's Fold to its Remove, and axe finds no unnamed control", async ({
  page,
}) => {
  await openEntry(page, "site", "site");
  const offices = await fieldBox(page, "Offices");
  const fold = offices.getByRole("button", { name: /^Unfold office 1/ });
  await fold.focus();
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toHaveAccessibleName(/^Remove office 1/);
  const { violations } = await new AxeBuilder({ page })
    .withRules(["aria-command-name", "button-name", "aria-hidden-focus"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
});

test("a photo uploaded in an entry is no draft once the entry is saved", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), "veldhaven-editor-keyboard-"));
  const upload = join(dir, "saved-upload-test.jpg");
  await sharp({ create: { width: 2000, height: 1250, channels: 3, background: "#466078" } })
    .jpeg()
    .toFile(upload);
  const { vacancy } = await openFirstVacancy(page);
  const library = page.getByRole("dialog");
  const openLibrary = async () => {
    const field = await shownField(page, "Card photo (optional)");
    await field
      .getByRole("button", { name: /Choose different image/ })
      .first()
      .click();
    await expect(library.getByRole("heading", { name: "Images" })).toBeVisible();
  };
  await openLibrary();
  await library.locator('input[type="file"]').setInputFiles(upload);
  // Uploaded, not yet saved: a draft.
  await expect(library.getByText("Draft", { exact: true })).toHaveCount(1);
  await library.getByRole("button", { name: /Choose selected/ }).click();
  await expect(library).toBeHidden();
  await publish(page);
  await expectSaved(page);
  await openLibrary();
  await expect(library.getByText("saved-upload-test.jpg", { exact: true })).toBeVisible();
  await expect(library.getByText("Draft", { exact: true })).toHaveCount(0);
  // The vacancy gets its card photo back: later specs meet it as it was.
  const original = String(vacancy.overviewImage).split("/").pop()!;
  await library.getByText(original, { exact: true }).first().click();
  await library.getByRole("button", { name: /Choose selected/ }).click();
  await expect(library).toBeHidden();
  await publish(page);
  await expect
    .poll(
      () => {
        try {
          return readEntry<Vacancy>("careers", vacancy.file).overviewImage;
        } catch {
          return undefined; // the save is writing the file
        }
      },
      { timeout: 15_000 },
    )
    .toBe(vacancy.overviewImage);
  rmSync(dir, { recursive: true, force: true });
});
