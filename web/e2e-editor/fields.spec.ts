// Fields that explain themselves. The people list in
// the firm's words, searchable, each person opened by a click on the name; the
// vacancy form with its id given, its office and employment type picked from
// lists in words, a date written out, vacancies listed by title, the Markdown hint
// showing its own syntax, and required fields marked.
import type { Page } from "@playwright/test";
import {
  type Employee,
  expect,
  fieldBox,
  guideScreenshot,
  openEntry,
  readContent,
  test,
} from "./editor";

interface Site {
  offices: { id: string; title: string }[];
  [key: string]: unknown;
}

/** A hint Decap shows under a field (of the open entries: folded ones keep theirs hidden). */
function hintOf(page: Page, text: string | RegExp) {
  return page.locator("p:visible").filter({ hasText: text });
}

test("the people list: job title, office and teams in the firm's words with hints, a search box, and a person opened by a click on the name", async ({
  page,
}) => {
  const employees = readContent<{ employees: Employee[] }>("employees").employees;
  const person = employees.find((e) => e.name.includes("Gallagher")) ?? employees[1]!;
  await openEntry(page, "people", "employees");
  const list = await fieldBox(page, "Employees");

  // Searchable: part of a name leaves that person only.
  const search = page.getByRole("searchbox", { name: "Find a person" });
  await search.fill(person.name.split(" ").pop()!.toLowerCase());
  await expect(page.getByText(`1 of ${employees.length} shown`)).toBeVisible();
  const shown = list.getByText(person.name, { exact: true });
  await expect(shown).toBeVisible();
  await expect(
    list.getByText(employees.find((e) => e !== person)!.name, { exact: true }),
  ).toBeHidden();

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

  // Clearing the search shows everyone again.
  await search.fill("");
  await expect(list.getByText(employees[0]!.name, { exact: true })).toBeVisible();
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
  const careers = readContent<{ vacancies: { id: number; title: string; slug: string }[] }>(
    "careers",
  );
  const site = readContent<Site>("site");
  await openEntry(page, "careers", "careers");
  const vacancies = await fieldBox(page, "Vacancies");
  // Listed by title (not slug).
  for (const v of careers.vacancies) {
    await expect(vacancies.getByText(v.title, { exact: true })).toBeVisible();
    await expect(vacancies.getByText(v.slug, { exact: true })).toHaveCount(0);
  }
  await vacancies.getByText(careers.vacancies[0]!.title, { exact: true }).click();
  await guideScreenshot(page, "vacancy.png");
  await vacancies.getByRole("button", { name: "Collapse" }).click();
  await vacancies.getByRole("button", { name: "Add vacancy" }).click();

  // The id is given: the next free number, not typed.
  const id = page.getByLabel("Id", { exact: true }).last();
  await expect(id).toHaveValue(String(Math.max(...careers.vacancies.map((v) => v.id)) + 1));
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
