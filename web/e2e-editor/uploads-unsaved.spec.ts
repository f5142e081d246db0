// An upload that no save keeps leaves nothing in the working tree: a photo
// uploaded and not chosen (the library closed), one chosen and then replaced
// by another before the save, and one uploaded to an entry left without
// saving never reach content/media.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  type Employee,
  expect,
  expectSaved,
  inSandbox,
  openEntry,
  publish,
  readEntry,
  readEntries,
  shownField,
  test,
} from "./editor";

let files = "";
const photo = (name: string) => join(files, name);
const inMedia = (name: string) => existsSync(inSandbox(`content/media/images/${name}`));

test.beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), "veldhaven-editor-uploads-"));
  for (const name of [
    "not-chosen.jpg",
    "replaced-before-save.jpg",
    "chosen-instead.jpg",
    "left-unsaved.jpg",
  ]) {
    await sharp({
      create: { width: 1200, height: 1500, channels: 3, background: { r: 120, g: 96, b: 80 } },
    })
      .jpeg({ quality: 80 })
      .toFile(photo(name));
  }
});

let restore: (() => void) | undefined;

test.afterEach(() => restore?.());

test.afterAll(() => {
  if (files) rmSync(files, { recursive: true, force: true });
});

/** Opens the Portrait's library and uploads `file`: chosen, or (`choose` false) the library closed. */
async function uploadPortrait(page: Page, file: string, choose = true) {
  const field = await shownField(page, "Portrait");
  await field
    .getByRole("button", { name: /Choose (different )?image/ })
    .first()
    .click();
  const library = page.getByRole("dialog");
  await expect(library.getByRole("heading", { name: "Images" })).toBeVisible();
  // A file just uploaded is already selected (a click would unselect it).
  await library.locator('input[type="file"]').setInputFiles(photo(file));
  await expect(library.getByText(file, { exact: true })).toBeVisible();
  await library.getByRole("button", { name: choose ? /Choose selected/ : "Close" }).click();
  await expect(library).toBeHidden();
}

test("an upload replaced before the save, or left unsaved, is not written to content/media", async ({
  page,
}) => {
  page.on("dialog", (dialog) => dialog.accept());
  const person = readEntries<Employee>("people")[0]!;
  const file = inSandbox(`content/people/${person.file}.json`);
  const saved = readFileSync(file);
  // The specs after this one find the person as they were.
  restore = () => {
    writeFileSync(file, saved);
    rmSync(inSandbox("content/media/images/chosen-instead.jpg"), { force: true });
  };

  // Uploaded and not chosen, uploaded and replaced by another: the save writes the one chosen.
  await openEntry(page, "employees", person.file);
  await uploadPortrait(page, "not-chosen.jpg", false);
  await uploadPortrait(page, "replaced-before-save.jpg");
  await uploadPortrait(page, "chosen-instead.jpg");
  await publish(page);
  await expectSaved(page);
  expect(readEntry<Employee>("people", person.file).image).toBe("chosen-instead.jpg");
  expect(inMedia("chosen-instead.jpg")).toBe(true);
  expect(inMedia("replaced-before-save.jpg")).toBe(false);
  expect(inMedia("not-chosen.jpg")).toBe(false);
  restore();

  // Uploaded and chosen, then the entry left without saving (the editor asks; OK leaves).
  await openEntry(page, "employees", person.file);
  await uploadPortrait(page, "left-unsaved.jpg");
  await page.goto("/admin/#/collections/employees");
  await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible();
  expect(inMedia("left-unsaved.jpg")).toBe(false);
  expect(readEntry<Employee>("people", person.file).image).toBe(person.image);
});
