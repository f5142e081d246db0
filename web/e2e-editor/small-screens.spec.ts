// The editor on a phone (375 px) and a tablet held upright (768 px). Decap's
// editor is laid out at least 800 px wide; below that the page scrolled
// sideways and the preview was cut off at the right. Now the form takes the
// whole width and Decap's own "Toggle preview" button switches to the preview
// (admin/narrow-screen.ts, admin/editor.css).
import type { Page } from "@playwright/test";
import { type Employee, expect, openEntry, readEntries, test } from "./editor";

/** How far the page scrolls sideways (0 when it fits its window). */
async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  await expect.poll(() => sidewaysScroll(page), { message: `${what}: no sideways scroll` }).toBe(0);
}

/** The form's fields and buttons that are shown, and how far the rightmost reaches. */
async function formControls(page: Page) {
  return page.evaluate(() => {
    const form = document.querySelector('[class*="ControlPaneContainer"]');
    const shown = [
      ...(form?.querySelectorAll<HTMLElement>("input, textarea, button, [contenteditable]") ?? []),
    ]
      .map((control) => control.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0);
    return { count: shown.length, right: Math.max(...shown.map((box) => box.right)) };
  });
}

/** The preview's frame: where it is on the screen, or null when it is not shown. */
async function previewBox(page: Page) {
  const frame = page.locator("iframe").first();
  if (!(await frame.isVisible())) return null;
  return frame.boundingBox();
}

/** The form's first text box (the careers page's: Pause label). */
const firstTextBox = (page: Page) => page.getByRole("textbox").locator("visible=true").first();

const previewButton = (page: Page) => page.getByRole("button", { name: "Toggle preview" });

test("at 375 px the collection list, an entry's form and the media page fit the screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });

  await page.goto("/admin/#/collections/careers");
  await expect(page.getByRole("link", { name: "Careers" }).last()).toBeVisible();
  await expectNoSidewaysScroll(page, "the collection list");

  await openEntry(page, "careers", "careers");
  await expectNoSidewaysScroll(page, "the form");
  // The form is the whole width: its fields are there to use, none past the edge.
  const controls = await formControls(page);
  expect(controls.count).toBeGreaterThan(5);
  expect(controls.right).toBeLessThanOrEqual(375);
  const title = firstTextBox(page);
  await title.scrollIntoViewIfNeeded();
  await expect(title).toBeInViewport({ ratio: 1 });
  expect((await title.boundingBox())!.width).toBeGreaterThan(375 / 2);
  // The preview takes the form's place and gives it back.
  await expect(previewButton(page)).toBeVisible();
  expect(await previewBox(page)).toBeNull();
  await previewButton(page).click();
  const preview = await previewBox(page);
  expect(preview).not.toBeNull();
  expect(preview!.x).toBeGreaterThanOrEqual(0);
  expect(preview!.x + preview!.width).toBeLessThanOrEqual(375);
  await expect(page.getByRole("textbox").locator("visible=true")).toHaveCount(0);
  await expectNoSidewaysScroll(page, "the preview");
  await previewButton(page).click();
  await expect(firstTextBox(page)).toBeVisible();
  expect(await previewBox(page)).toBeNull();

  await page.goto("/admin/#/media");
  await expect(page.getByRole("heading", { name: "Media assets" })).toBeVisible();
  await expectNoSidewaysScroll(page, "the media page");
});

test("at 768 px the preview is not cut off: the form opens at full width, Toggle preview shows the whole preview", async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await openEntry(page, "careers", "careers");
  await expectNoSidewaysScroll(page, "the form");
  expect(await previewBox(page)).toBeNull();
  const controls = await formControls(page);
  expect(controls.right).toBeLessThanOrEqual(768);
  // The form uses the width the preview left: its fields are wider than half the screen.
  expect((await firstTextBox(page).boundingBox())!.width).toBeGreaterThan(768 / 2);

  await previewButton(page).click();
  const preview = await previewBox(page);
  expect(preview).not.toBeNull();
  expect(preview!.x).toBeGreaterThanOrEqual(0);
  expect(preview!.x + preview!.width).toBeLessThanOrEqual(768);
  await expectNoSidewaysScroll(page, "the preview");

  // The next entry opened starts with its form again.
  await openEntry(page, "employees", readEntries<Employee>("people")[0]!.file);
  expect(await previewBox(page)).toBeNull();
  await expect(previewButton(page)).toBeVisible();
});

test("at 1280 px the form and the preview stay side by side", async ({ page }) => {
  await openEntry(page, "careers", "careers");
  await expect(page.locator("iframe").first()).toBeVisible();
  const preview = (await previewBox(page))!;
  expect(preview.x).toBeGreaterThan(400);
  expect(preview.x + preview.width).toBeLessThanOrEqual(1280);
  // The form beside it, from its top (its first text box may be below the
  // fold: every field has its hint).
  const form = page.locator('[class*="ControlPaneContainer"]').first();
  await expect(form).toBeInViewport();
  const formBox = (await form.boundingBox())!;
  expect(formBox.x + formBox.width).toBeLessThanOrEqual(preview.x + 1);
  expect(await form.evaluate((el) => el.scrollTop)).toBe(0);
  await expect(form.locator("label").first()).toBeInViewport();
});
