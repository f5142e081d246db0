// The staff walkthrough repeated on main 621ad41 found a typed date
// saved in the wrong century, Find a person matching the field hints, a
// duplicate slug blamed on the vacancy nobody touched, and labels still in
// developer words. Each test here failed on that main.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import {
  type Employee,
  expect,
  expectSaved,
  fieldBox,
  inSandbox,
  newEntry,
  openEntry,
  openFirstVacancy,
  publish,
  readContent,
  readEntries,
  readEntry,
  shownControl,
  shownField,
  test,
  type Vacancy,
  listed,
  openCollection,
} from "./editor";

/** The careers page's file and every vacancy's, as they are on disk. */
const careersText = () =>
  [
    readFileSync(inSandbox("content/careers.json"), "utf8"),
    ...readdirSync(inSandbox("content/careers"))
      .sort()
      .map((f) => readFileSync(inSandbox(`content/careers/${f}`), "utf8")),
  ].join("\n");

test.describe("a date typed into the date box is the date saved", () => {
  for (const [typed, saved, words] of [
    ["26-11-2026", "2026-11-26", "26 November 2026"],
    ["31/01/2027", "2027-01-31", "31 January 2027"],
  ] as const) {
    test(`"${typed}" typed day first is saved as ${saved}`, async ({ page }) => {
      await openFirstVacancy(page);
      const date = shownControl(page, "Date posted");
      // As staff do: into the box, over what it held, key by key.
      await date.click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(typed, { delay: 60 });
      await expect(date.locator("xpath=following-sibling::output")).toHaveText(words);
      await publish(page);
      await expectSaved(page);
      expect(readEntries<Vacancy>("careers")[0]!.datePosted).toBe(saved);
    });
  }

  test("a date left half typed is refused with a message, and nothing is saved", async ({
    page,
  }) => {
    const before = careersText();
    await openFirstVacancy(page);
    // Another change, so that there is something to save.
    await shownControl(page, "Title").fill("Asset Manager (half-typed date)");
    const date = shownControl(page, "Valid through (optional)");
    await date.click();
    // Day and month, no year.
    await page.keyboard.type("26-11", { delay: 60 });
    await publish(page);
    await expect(
      page.getByText(
        '"26-11" is not a date: type the day, then the month, then the year, e.g. 31-12-2027 or 31 December 2027.',
      ),
    ).toBeVisible();
    expect(careersText()).toEqual(before);
  });

  test("a year no vacancy can have is refused, with the range allowed", async ({ page }) => {
    const before = careersText();
    await openFirstVacancy(page);
    const date = shownControl(page, "Date posted");
    await date.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("26-11-1906", { delay: 60 });
    await publish(page);
    await expect(
      page.getByText(
        "26 November 1906 is outside the years allowed: a date from 1 January 2000 to 31 December 2099; type the day, then the month, then the year, e.g. 31-12-2027 or 31 December 2027.",
      ),
    ).toBeVisible();
    expect(careersText()).toEqual(before);
  });
});

test("the editor's search finds people by job title, and a filter by team shows that team", async ({
  page,
}) => {
  const employees = readEntries<Employee>("people");
  await openCollection(page, "employees");
  // A job title: the people who have it.
  const withTitle = employees.filter((e) => (e.teamShown ?? "").toLowerCase().includes("officer"));
  expect(withTitle.length).toBeGreaterThan(0);
  const search = page.getByPlaceholder("Search all");
  await search.fill("officer");
  await search.press("Enter");
  for (const person of withTitle) {
    await expect(page.getByText(listed(person), { exact: true })).toBeVisible();
  }
  // A team: its people only.
  const team = employees[0]!.team[0]!;
  await page.goto("/admin/#/collections/employees");
  await page.getByRole("button", { name: "Filter by" }).click();
  await page.getByText(`Teams: ${team}`, { exact: true }).click();
  const outside = employees.find((e) => !e.team.includes(team))!;
  await expect(page.getByText(`${employees[0]!.name}, ${employees[0]!.location}`)).toBeVisible();
  await expect(page.getByText(`${outside.name}, ${outside.location}`)).toHaveCount(0);
});

test("a new vacancy given a slug in use is the one marked, and its message goes when it is fixed", async ({
  page,
}) => {
  const [first] = readEntries<Vacancy>("careers");
  await newEntry(page, "vacancies");
  const vacancies = page.locator("body");
  const slugs = vacancies.getByRole("textbox", { name: "Slug", exact: true });
  await expect(slugs).toHaveCount(1);
  await slugs.fill(first!.slug);
  await publish(page);
  const message = `Another vacancy already has the slug "${first!.slug}": each vacancy needs its own, e.g. "${first!.slug}-2".`;
  await expect(vacancies.getByText(message)).toHaveCount(1);
  // The message is on the new vacancy's slug, which has the focus.
  const newSlug = page.locator(":focus");
  await expect(newSlug).toHaveValue(first!.slug);
  await expect(vacancies.getByRole("textbox", { name: "Slug", exact: true })).toHaveCount(1);
  const field = await shownField(page, "Slug");
  await expect(field.getByText(message)).toBeVisible();
  // Fixed: the message goes, and none is left on any vacancy.
  await newSlug.fill(`${first!.slug}-2`);
  await expect(vacancies.getByText(message)).toHaveCount(0);
});

test("labels in staff's words: the menu, its pages, the closing paragraphs, the short names, the benefits", async ({
  page,
}) => {
  const site = readContent<{ nav: unknown[] }>("site");
  await openEntry(page, "site", "site");
  const menu = await fieldBox(page, "Menu items");
  await expect(page.getByText(`${site.nav.length} menu items`, { exact: true })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Add menu item", exact: true })).toBeVisible();
  for (const developerWord of ["Nav", "To", "Id", "Portrait credit paths"]) {
    await expect(
      page.locator("label").filter({ hasText: new RegExp(`^${developerWord}$`) }),
    ).toHaveCount(0);
  }
  await openEntry(page, "pages", "governance");
  await expect(page.locator("label").filter({ hasText: /^After/ })).toHaveCount(0);
  await openEntry(page, "pages", "charity");
  await expect(page.locator("label").filter({ hasText: /^Id$/ })).toHaveCount(0);
  await openFirstVacancy(page);
  await expect(page.getByText(/^\d+ benefits list$/)).toHaveCount(0);
});

test("a replaced portrait stays in the library after the save, to switch back to", async ({
  page,
}) => {
  const employees = readEntries<Employee>("people");
  const [person, other] = [employees[2]!, employees[3]!];
  const old = inSandbox(`content/media/images/${person.image}`);
  expect(existsSync(old)).toBe(true);
  // Another person's portrait is as wide as the field needs: taken without a question.
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => void dialogs.push(dialog.message()));
  await openEntry(page, "employees", person.file);
  const portrait = await shownField(page, "Portrait");
  await portrait
    .getByRole("button", { name: /Choose different image/ })
    .first()
    .click();
  const library = page.getByRole("dialog");
  // The library draws the files it has room for: found by its search box.
  await library.getByRole("textbox").first().fill(other.image);
  await library.getByText(other.image, { exact: true }).first().click();
  await library.getByRole("button", { name: /Choose selected/ }).click();
  await expect(library).toBeHidden();
  await publish(page);
  await expectSaved(page);
  const saved = readEntry<Employee>("people", person.file);
  expect(saved.image).toBe(other.image);
  expect(dialogs).toEqual([]);
  // docs/editing.md, "Replacing a photo or a PDF": the old file stays in the library.
  expect(existsSync(old)).toBe(true);
});
