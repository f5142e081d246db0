// Fields that explain themselves. The people in
// the firm's words, found with the editor's own search, each person opened by a click on the name; the
// vacancy form with its id given, its office and employment type picked from
// lists in words, a date written out, vacancies listed by title, the Markdown hint
// showing its own syntax, and required fields marked.
import type { Page } from "@playwright/test";
import {
  type Employee,
  expect,
  fieldBox,
  guideScreenshot,
  newEntry,
  openEntry,
  readContent,
  readEntries,
  test,
  type Vacancy,
  listed,
  openCollection,
} from "./editor";

interface Site {
  offices: { id: string; title: string }[];
  [key: string]: unknown;
}

/** A hint Decap shows under a field (of the open entries: folded ones keep theirs hidden). */
function hintOf(page: Page, text: string | RegExp) {
  return page.locator("p:visible").filter({ hasText: text });
}

test("the people: job title, office and teams in the firm's words with hints, found by the editor's search, and a person opened by a click on the name", async ({
  page,
}) => {
  const employees = readEntries<Employee>("people");
  const person = employees.find((e) => e.name.includes("Gallagher")) ?? employees[1]!;
  await openCollection(page, "employees");
  const list = page.locator("body");
  // Listed in their stored order, by name, office and job title.
  await expect(list.getByText(`${employees[0]!.name}, ${employees[0]!.location}`)).toBeVisible();

  // Searchable: part of a name leaves that person only.
  const search = page.getByPlaceholder("Search all");
  await search.fill(person.name.split(" ").pop()!.toLowerCase());
  await search.press("Enter");
  const shown = list.getByText(listed(person), { exact: true });
  await expect(shown).toBeVisible();
  await expect(
    list.getByText(employees.find((e) => e !== person)!.name, { exact: false }),
  ).toHaveCount(0);

  // A click on the name opens the person.
  await shown.click();
  await guideScreenshot(page, "people-search.png");
  const jobTitle = page.getByRole("textbox", { name: "Job title (optional)", exact: true });
  await expect(jobTitle).toBeVisible();
  await expect(jobTitle).toHaveValue(person.teamShown ?? "");
  await expect(
    hintOf(page, "The job title shown under the name, e.g. Chief Financial Officer."),
  ).toBeVisible();
  await expect(page.getByText("Team shown", { exact: false })).toHaveCount(0);
  // The LIV link explained.
  await expect(
    page.getByRole("textbox", { name: "LIV profile (optional)", exact: true }),
  ).toBeVisible();
  await expect(hintOf(page, /the LIV platform \(LIV Residential's own site\)/)).toBeVisible();
  // Office and teams are lists to pick from: the office shows its title.
  await expect(page.locator("label:visible").filter({ hasText: /^Office$/ })).toHaveCount(1);
  await expect(
    page.getByRole("combobox", { name: "Office", exact: true }).locator("visible=true"),
  ).toHaveCount(1);
  await expect(list.getByText(person.location, { exact: true }).first()).toBeVisible();
  // Every field has a hint; the required ones say so first.
  await expect(
    hintOf(page, /^Required\. First and last name as shown in the directory/),
  ).toBeVisible();

  // Back in the list, filtered by office: the people of that office only.
  await page.goto("/admin/#/collections/employees");
  await page.getByRole("button", { name: "Filter by" }).click();
  await page.getByText(`Office: ${person.location}`, { exact: true }).click();
  await expect(list.getByText(listed(person), { exact: true })).toBeVisible();
  const elsewhere = employees.find((e) => e.location !== person.location)!;
  await expect(list.getByText(`${elsewhere.name}, ${elsewhere.location}`)).toHaveCount(0);
});

test("the teams of Who we are show their names when folded", async ({ page }) => {
  const teams = readContent<{ teams: string[] }>("people").teams;
  await openEntry(page, "pages", "people");
  const box = await fieldBox(page, "Teams");
  for (const team of teams) await expect(box.getByText(team, { exact: true })).toBeVisible();
  await page.goto("/admin/#/collections/pages");
  await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible();
  await guideScreenshot(page, "collections.png");
});

test("the vacancy form: listed by title, the id given, office and employment type picked in words, a date written out, hints with the Markdown shown as written", async ({
  page,
}) => {
  const vacancies = readEntries<Vacancy>("careers");
  const site = readContent<Site>("site");
  await openCollection(page, "vacancies");
  const list = page.locator("body");
  // Listed by title (not slug).
  for (const v of vacancies) {
    await expect(list.getByText(v.title, { exact: false }).first()).toBeVisible();
    await expect(list.getByText(v.slug, { exact: true })).toHaveCount(0);
  }
  await list.getByText(vacancies[0]!.title, { exact: false }).first().click();
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  await guideScreenshot(page, "vacancy.png");
  await newEntry(page, "vacancies");

  // The id is given: the next free number, not typed.
  const id = page.getByLabel("Id", { exact: true }).last();
  await expect(id).toHaveValue(String(Math.max(...vacancies.map((v) => v.id)) + 1));
  await expect(id).toHaveAttribute("readonly", "");
  await expect(
    hintOf(page, /gives a new vacancy the next free number; there is nothing to type/).last(),
  ).toBeVisible();

  // Office: the offices of Site, by name.
  const office = page.getByRole("combobox", { name: "Office", exact: true }).last();
  await office.click();
  await expect(page.getByRole("option")).toHaveText(site.offices.map((o) => o.title));
  await page.keyboard.press("Escape");
  await expect(hintOf(page, /site\.json/)).toHaveCount(0);

  // Employment types in words.
  await page.getByRole("combobox", { name: "Employment type", exact: true }).last().click();
  await expect(page.getByRole("option")).toHaveText([
    "Full time",
    "Part time",
    "Contractor",
    "Temporary",
    "Internship",
    "Volunteer",
    "Paid by the day",
    "Other",
  ]);
  await page.keyboard.press("Escape");

  // A date box typed day first, the date it holds written out below it, its
  // hint saying that what is written out is saved.
  const datePosted = page.getByLabel("Date posted", { exact: true }).last();
  await datePosted.fill("1-12-2027");
  await expect(datePosted.locator("xpath=following-sibling::output")).toHaveText("1 December 2027");
  await expect(
    hintOf(page, /the date written out below the box is the date saved/).last(),
  ).toBeVisible();

  // The Markdown hint shows its syntax as written.
  await expect(hintOf(page, "**bold**, *italic*, [link text](https://...)").last()).toBeVisible();

  // Required fields are marked in their hint; optional ones by Decap's "(optional)".
  await expect(
    hintOf(page, /^Required\. The job title, as the heading of the vacancy page/).last(),
  ).toBeVisible();
  await expect(page.getByText("Valid through (optional)").last()).toBeVisible();
});
