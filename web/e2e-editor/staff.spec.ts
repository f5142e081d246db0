// The editor as the firm's staff use it (the points where Decap
// itself was the cause): a fix typed after a save is saved, a paste from a web
// page or Word is clean text in its order, an address opens its entry, photos
// show at once with their name, the local editor words things as the guide
// does, and a vacancy is removed only when confirmed, with its unused photos.
// Against `make edit` in the sandbox; one worker, in order, each test reading
// the content it starts from.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import {
  type Employee,
  expect,
  expectSaved,
  inSandbox,
  openEntry,
  publish,
  readContent,
  readEntries,
  readEntry,
  test,
  type Vacancy,
} from "./editor";

/** The first vacancy's entry, opened: the form. */
async function firstVacancy(page: Page): Promise<Locator> {
  await openEntry(page, "vacancies", readEntries<Vacancy>("careers")[0]!.file);
  return page.locator("body");
}

/** The first vacancy's file as it is on disk. */
const firstVacancyFile = () =>
  readEntry<Vacancy>("careers", readEntries<Vacancy>("careers")[0]!.file);

/**
 * Replaces a text box's text as a person does: select all, type. (Playwright's
 * fill selects and inserts in one step, and Decap's text box puts the cursor
 * back where the last typing left it when it redraws on focus.)
 */
async function retype(page: Page, box: Locator, text: string) {
  await box.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
  await expect(box).toHaveValue(text);
}

/** Decap's error screen, shown when its editor throws. */
const errorScreen = (page: Page) => page.getByText("There's been an error");

test("a value typed back after a save is saved", async ({ page }) => {
  const before = firstVacancyFile();
  const original = before.title;
  const mistake = `${original} (wrong)`;

  const vacancies = await firstVacancy(page);
  const title = vacancies.getByRole("textbox", { name: "Title", exact: true }).first();
  await title.fill(mistake);
  await publish(page);
  await expectSaved(page);
  expect(firstVacancyFile().title).toBe(mistake);
  await expect(page.getByText("Entry saved")).toHaveCount(0);

  // The fix: the original value typed back is a change to save...
  await retype(page, title, original);
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await publish(page);
  await expectSaved(page);
  // ...and the file has it: as before the mistake, to the byte.
  expect(firstVacancyFile()).toEqual(before);
});

test.describe(() => {
  // Pastes need the page's clipboard.
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("a paste from a web page with a picture and a table becomes clean text in its order, never an error screen", async ({
    page,
  }) => {
    const alerts: string[] = [];
    page.on("dialog", async (dialog) => {
      alerts.push(dialog.message());
      await dialog.accept();
    });
    const before = firstVacancyFile();
    const html = [
      "<meta charset='utf-8'><h2>Where you work</h2>",
      '<p>Our team <img src="https://example.com/team.jpg" alt="The team"> in numbers:</p>',
      "<table><tbody><tr><th>Office</th><th>People</th></tr><tr><td>Amsterdam</td><td>40</td></tr></tbody></table>",
      "<p>We <b>look forward</b> to meeting you.</p>",
    ].join("");
    const text =
      "Where you work\nOur team in numbers:\nOffice\tPeople\nAmsterdam\t40\nWe look forward to meeting you.";

    await firstVacancy(page);
    const label = page
      .locator("label")
      .filter({ hasText: /^Role text$/ })
      .first();
    // The rich-text box of that field: the nearest block around the label that has one.
    const roleText = label
      .locator("xpath=ancestor::div[.//*[@data-slate-editor]][1]")
      .locator("[data-slate-editor]")
      .first();
    await page.evaluate(
      async ([h, t]) => {
        await navigator.clipboard.write([
          new ClipboardItem({
            "text/html": new Blob([h!], { type: "text/html" }),
            "text/plain": new Blob([t!], { type: "text/plain" }),
          }),
        ]);
      },
      [html, text],
    );
    // Into a new paragraph after the first one, as someone adding a section
    // would: at the start of the second paragraph, Enter, back into the new line.
    await roleText
      .locator("p")
      .nth(1)
      .click({ position: { x: 2, y: 4 } });
    await page.keyboard.press("Home");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ControlOrMeta+V");

    await expect(roleText.getByText("Amsterdam – 40")).toBeVisible();
    await expect(errorScreen(page)).toHaveCount(0);
    expect(alerts).toEqual([
      "The pasted text had 1 picture, which this text cannot hold: the text was pasted without it. Photos go in the photo fields.",
    ]);
    await publish(page);
    await expectSaved(page);

    const saved = firstVacancyFile().roleText;
    const [first, second] = before.roleText.split("\n\n");
    // Between the two paragraphs, in the order it was pasted, as Markdown the
    // site's rules accept.
    expect(saved).toContain(
      [
        first,
        "### Where you work",
        "Our team in numbers:",
        "Office – People",
        "Amsterdam – 40",
        "We **look forward** to meeting you.",
        second,
      ].join("\n\n"),
    );
    expect(saved).not.toMatch(/<|!\[|example\.com/);
  });
});

test("going from one open entry to another by its address shows that entry", async ({ page }) => {
  const vacancy = readEntries<Vacancy>("careers")[0]!;
  const person = readEntries<Employee>("people")[0]!;
  const name = page.getByRole("textbox", { name: "Name", exact: true });
  await openEntry(page, "employees", person.file);
  await expect(name).toHaveValue(person.name);

  // A bookmark or a typed address: only the part after # changes.
  await page.goto(`/admin/#/collections/vacancies/entries/${vacancy.file}`);
  await expect(page.getByRole("textbox", { name: "Slug", exact: true })).toHaveValue(vacancy.slug);
  const preview = page.locator("iframe").first().contentFrame();
  await expect(preview.getByRole("heading", { level: 3, name: vacancy.title })).toBeVisible();
  await expect(preview.getByText(person.name)).toHaveCount(0);

  // Back goes to the person again, shown as such.
  await page.goBack();
  await expect(name).toHaveValue(person.name);
});

test("a person's current photo shows at once, with its file name", async ({ page }) => {
  const person = readEntries<Employee>("people")[0]!;
  await openEntry(page, "employees", person.file);
  const imageField = page
    .locator("label")
    .filter({ hasText: /^Portrait$/ })
    .first()
    .locator("xpath=ancestor::div[.//img][1]");
  await expect(imageField.getByText(`Current file: ${person.image}`)).toBeVisible();
  // The picture itself, drawn without the media library ever opened.
  const photo = imageField.locator("img").first();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the local editor opens without signing in, names the save Save, and #/media opens the media library", async ({
  page,
}) => {
  await page.goto("/admin/");
  await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Login" })).toHaveCount(0);

  await firstVacancy(page);
  // Unchanged: "Saved"; and no "View Live" or "Check for Preview" (the local
  // site is the build made at start, without the edits saved since).
  await expect(page.getByRole("button", { name: "Saved", exact: true })).toBeVisible();
  await expect(page.getByText("View Live")).toHaveCount(0);
  await expect(page.getByText("Check for Preview")).toHaveCount(0);
  const vacancies = page.locator("body");
  const title = vacancies.getByRole("textbox", { name: "Title", exact: true }).first();
  const original = await title.inputValue();
  await title.fill(`${original} (changed)`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("menuitem", { name: "Save now" })).toBeVisible();
  // No control says Publish (a field's hint may speak of a vacancy published).
  for (const role of ["button", "menuitem", "link"] as const) {
    await expect(page.getByRole(role, { name: /publish/i })).toHaveCount(0);
  }
  await page.keyboard.press("Escape");
  await retype(page, title, original);
  await expect(page.getByText("Changes saved")).toBeVisible();
  await expect(page.getByText("Check for Preview")).toHaveCount(0);

  await page.goto("/admin/#/media");
  await expect(
    page.getByRole("dialog").getByRole("heading", { name: "Media assets" }),
  ).toBeVisible();
  // Uploads there keep the Media page's rule (the photo rule of the images folder).
  const alerts: string[] = [];
  page.on("dialog", async (dialog) => {
    alerts.push(dialog.message());
    await dialog.accept();
  });
  const dir = mkdtempSync(join(tmpdir(), "veldhaven-staff-"));
  const notes = join(dir, "notes.txt");
  writeFileSync(notes, "Not a photo.\n");
  await page.getByRole("dialog").locator('input[type="file"]').setInputFiles(notes);
  await expect.poll(() => alerts).toHaveLength(1);
  expect(alerts[0]).toMatch(/JPEG or PNG/);
  rmSync(dir, { recursive: true, force: true });
  // Closed, it leaves the editor's start page, not "Not Found".
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible();
  await expect(page.getByText("Not Found")).toHaveCount(0);
});

test("removing a vacancy asks first, and removes the photos only it used", async ({ page }) => {
  const before = readEntries<Vacancy>("careers");
  const gone = before.at(-1)!;
  const others = before.slice(0, -1);
  const file = inSandbox(`content/careers/${gone.file}.json`);
  const photosOf = (v: Vacancy) =>
    Object.values(v).filter((x): x is string => typeof x === "string" && /\.(jpe?g|png)$/.test(x));
  const usedElsewhere = new Set(others.flatMap(photosOf));
  const onlyItsOwn = photosOf(gone).filter((p) => !usedElsewhere.has(p));
  const shared = photosOf(gone).filter((p) => usedElsewhere.has(p));
  expect(onlyItsOwn.length).toBeGreaterThan(0);
  for (const photo of onlyItsOwn)
    expect(existsSync(inSandbox(`content/media/images/${photo}`))).toBe(true);

  const questions: string[] = [];
  let answer = false;
  page.on("dialog", async (dialog) => {
    questions.push(dialog.message());
    if (answer) await dialog.accept();
    else await dialog.dismiss();
  });
  await openEntry(page, "vacancies", gone.file);
  const remove = page.getByRole("button", { name: "Delete entry", exact: true });

  // "Cancel" keeps it.
  await remove.click();
  expect(questions).toEqual(["Are you sure you want to delete this published entry?"]);
  await expect(page.getByRole("textbox", { name: "Slug", exact: true })).toHaveValue(gone.slug);
  expect(existsSync(file)).toBe(true);

  answer = true;
  await remove.click();
  expect(questions).toHaveLength(2);
  // Back in the list, without it.
  await expect(page.getByText(`${gone.title}, `)).toHaveCount(0);
  await expect.poll(() => existsSync(file)).toBe(false);
  expect(readEntries<Vacancy>("careers")).toEqual(others);
  for (const photo of onlyItsOwn) {
    await expect
      .poll(() => existsSync(inSandbox(`content/media/images/${photo}`)), { message: photo })
      .toBe(false);
  }
  for (const photo of shared) {
    expect(existsSync(inSandbox(`content/media/images/${photo}`)), photo).toBe(true);
  }
  // The photos the other vacancies use are all still there.
  for (const photo of others.flatMap(photosOf)) {
    expect(existsSync(inSandbox(`content/media/images/${photo}`)), photo).toBe(true);
  }
});

test.describe(() => {
  // Decap logs the refusal as an error of its own (actions/entries.ts
  // deleteEntry), and its editor leaves the failed delete's promise unhandled
  // (Editor.js handleDeleteEntry): the rejection is Redux's failure action, an Object.
  // One pattern: Playwright reads a list of two as a fixture's value and its options.
  test.use({ expectedProblems: [/is chosen in DNA > Quote by on Who we are|^pageerror: Object$/] });

  test("deleting the person quoted on Who we are is refused, naming the page and the field", async ({
    page,
  }) => {
    const { quoteBy } = readContent<{ dna: { quoteBy: number } }>("people").dna;
    const quoted = readEntries<Employee>("people").find((p) => p.id === quoteBy)!;
    const file = inSandbox(`content/people/${quoted.file}.json`);
    page.on("dialog", (dialog) => dialog.accept());
    await openEntry(page, "employees", quoted.file);
    await page.getByRole("button", { name: "Delete entry", exact: true }).click();
    await expect(
      page.getByText(
        `${quoted.name} is chosen in DNA > Quote by on Who we are: choose another there first, then delete.`,
      ),
    ).toBeVisible();
    expect(existsSync(file)).toBe(true);
    expect(readEntry<Employee>("people", quoted.file).name).toBe(quoted.name);
  });
});
