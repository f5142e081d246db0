// What one entry changes shows, and is checked, where other pages use it: a
// team renamed on Who we are that people are in is refused before the save,
// naming a person and the field; the previews draw the content as it is now
// (a person's unsaved name, a renamed and a deleted person on Who we are),
// not as the editor was built.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
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

/** Puts the sandbox's files back as they are now after `run`, for the specs after this one. */
async function restoring(paths: string[], run: () => Promise<void>) {
  const kept = paths
    .filter((p) => existsSync(inSandbox(p)))
    .map((p) => [p, readFileSync(inSandbox(p))] as const);
  try {
    await run();
  } finally {
    for (const [path, bytes] of kept) writeFileSync(inSandbox(path), bytes);
  }
}

/** The preview pane's page. */
const preview = (page: Page) => page.locator("iframe").first().contentFrame();

test.describe(() => {
  // Decap logs the refused save as an error of its own (actions/entries.js persistEntry).
  test.use({ expectedProblems: [/Not saved: the site could not be built with this change/] });

  test("renaming a team people are in is refused before the save, naming a person and the field", async ({
    page,
  }) => {
    const { teams } = readContent<{ teams: string[] }>("people");
    const team = teams[0]!;
    const members = readEntries<Employee>("people").filter((p) => p.team.includes(team));
    const file = inSandbox("content/people.json");
    const before = readFileSync(file, "utf8");

    await openEntry(page, "pages", "people");
    await page.getByRole("button", { name: `Unfold team 1: ${team}` }).click();
    await page.locator(`input[value="${team}"]`).first().fill(`${team} and Finance`);
    await publish(page);
    const refusal = page.getByText(/Not saved: the site could not be built with this change\./);
    await expect(refusal).toContainText(`"${team}" is not one of the teams`);
    // It names a person in the team, and the field there.
    const named = new RegExp(`Teams on Person (${members.map((p) => p.name).join("|")}):`);
    await expect(refusal).toContainText(named);
    await expect(page.getByText("Entry saved")).toHaveCount(0);
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  test("a vacancy's benefits text is asked for only where it shows: with no benefits list", async ({
    page,
  }) => {
    const vacancies = readEntries<Vacancy & { benefitsList: string[] }>("careers");
    const withList = vacancies.find((v) => v.benefitsList.length > 0)!;
    const withoutList = vacancies.find((v) => v.benefitsList.length === 0)!;
    const path = (v: Vacancy) => `content/careers/${v.file}.json`;
    await restoring([path(withList), path(withoutList)], async () => {
      const benefitsText = page.getByRole("textbox", {
        name: "Benefits text (optional)",
        exact: true,
      });
      // Not shown beside a list, so not needed there.
      await openEntry(page, "vacancies", withList.file);
      await benefitsText.fill("");
      await publish(page);
      await expectSaved(page);
      expect(readEntry("careers", withList.file)).not.toHaveProperty("benefitsText");

      // Shown in place of an empty list: refused without it, naming the field.
      const before = readFileSync(inSandbox(path(withoutList)), "utf8");
      await openEntry(page, "vacancies", withoutList.file);
      await benefitsText.fill("");
      await publish(page);
      const refusal = page.getByText(/Not saved: the site could not be built with this change\./);
      await expect(refusal).toContainText("Benefits text");
      await expect(refusal).toContainText("is needed when the benefits list is empty");
      await expect(page.getByText("Entry saved")).toHaveCount(0);
      expect(readFileSync(inSandbox(path(withoutList)), "utf8")).toBe(before);
    });
  });
});

test("previews draw a person's unsaved name, and Who we are the people as saved and deleted since the editor was built", async ({
  page,
}) => {
  page.on("dialog", (dialog) => dialog.accept());
  const { quoteBy } = readContent<{ dna: { quoteBy: number } }>("people").dna;
  const people = readEntries<Employee>("people");
  const quoted = people.find((p) => p.id === quoteBy)!;
  const gone = people.find((p) => p.id !== quoteBy)!;
  const renamed = `${quoted.name} Jr`;

  const photos = [gone.image, gone.imageMobile, gone.imageDesktop].filter(Boolean);
  await restoring(
    [
      `content/people/${quoted.file}.json`,
      `content/people/${gone.file}.json`,
      ...photos.map((p) => `content/media/images/${p}`),
    ],
    async () => {
      // The open entry's draft: the directory in its preview shows the name typed, not yet saved.
      await openEntry(page, "employees", quoted.file);
      await page.getByRole("textbox", { name: "Name", exact: true }).fill(renamed);
      await expect(preview(page).locator(`#preview-person-${quoted.id}`)).toContainText(renamed);
      await publish(page);
      await expectSaved(page);

      // Another person deleted.
      await openEntry(page, "employees", gone.file);
      await page.getByRole("button", { name: "Delete entry", exact: true }).click();
      await expect
        .poll(() => existsSync(inSandbox(`content/people/${gone.file}.json`)))
        .toBe(false);

      // Who we are quotes the person by the saved name, and the directory lacks the deleted one.
      await openEntry(page, "pages", "people");
      const frame = preview(page);
      await expect(frame.getByText(renamed, { exact: true }).first()).toBeVisible();
      await expect(frame.locator(`#preview-person-${quoted.id}`)).toContainText(renamed);
      await expect(frame.locator(`#preview-person-${people.at(-1)!.id}`)).toHaveCount(1);
      await expect(frame.locator(`#preview-person-${gone.id}`)).toHaveCount(0);
    },
  );
});
