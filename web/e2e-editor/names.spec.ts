// For every page, not only the
// vacancy and people forms: each field's hint is shown and read with its
// field (aria-describedby), and a list entry's fold and remove buttons say
// which entry they act on (admin/field-names.ts).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  type Employee,
  expect,
  fieldBox,
  openEntry,
  readContent,
  readEntries,
  test,
  listed,
  openCollection,
} from "./editor";

interface Site {
  offices: { id: string; title: string }[];
  [key: string]: unknown;
}

/** axe on the editor's form, for the rules these names and descriptions answer. */
async function axeOnForm(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withRules(["button-name", "aria-valid-attr-value", "aria-allowed-attr"])
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`);
}

test("a field of the home page shows its hint, and the hint is read with the field", async ({
  page,
}) => {
  await openEntry(page, "pages", "home");

  const eyebrow = page.getByRole("textbox", { name: "Small heading", exact: true }).first();
  await expect(eyebrow).toBeVisible();
  const hint =
    "Required. The small line above the headline at the top of the home page, e.g. Real estate investment and asset management.";
  await expect(page.getByText(hint, { exact: true })).toBeVisible();
  await expect(eyebrow).toHaveAccessibleDescription(hint);

  const duration = page.getByRole("spinbutton", { name: "Duration seconds", exact: true });
  await expect(duration).toHaveAccessibleDescription(
    /^Required\. How many seconds the counters take to count up, e\.g\. 4\.$/,
  );

  // A list of texts names each entry by its first words.
  await expect(
    page.getByRole("button", { name: /^Remove text 1: We invest in European affordable…$/ }),
  ).toHaveCount(1);

  // A rule broken is read with the field too, before its hint.
  await eyebrow.fill("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByRole("menuitem", { name: "Save now" }).click();
  await expect(eyebrow).toHaveAccessibleDescription(
    /^Fill in Small heading: it is required\. Required\./,
  );
});

test("each office's fold and remove buttons name the office, and axe finds no unnamed button", async ({
  page,
}) => {
  const offices = readContent<Site>("site").offices;
  await openEntry(page, "site", "site");
  const list = await fieldBox(page, "Offices");
  const [first, second] = offices;

  const unfold = list.getByRole("button", {
    name: `Unfold office 1: ${first!.title}`,
    exact: true,
  });
  await expect(unfold).toHaveAttribute("aria-expanded", "false");
  await expect(
    list.getByRole("button", { name: `Remove office 2: ${second!.title}`, exact: true }),
  ).toBeVisible();
  expect(await axeOnForm(page)).toEqual([]);

  // Opened, the chevron says it folds the office again.
  await unfold.click();
  const fold = list.getByRole("button", { name: `Fold office 1: ${first!.title}`, exact: true });
  await expect(fold).toHaveAttribute("aria-expanded", "true");
  await expect(
    list.getByRole("button", { name: `Remove office 1: ${first!.title}`, exact: true }),
  ).toBeVisible();
  expect(await axeOnForm(page)).toEqual([]);

  await fold.click();
  await expect(unfold).toBeVisible();
});

test("the people list and a person's form name every button, and axe finds no unnamed button", async ({
  page,
}) => {
  const people = readEntries<Employee>("people");
  await openCollection(page, "employees");
  // Every person is listed, by name, office and job title.
  for (const person of [people[0]!, people.at(-1)!]) {
    await expect(page.getByText(listed(person), { exact: true })).toBeVisible();
  }
  expect(await axeOnForm(page)).toEqual([]);
  await openEntry(page, "employees", people.at(-1)!.file);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(
    people.at(-1)!.name,
  );
  expect(await axeOnForm(page)).toEqual([]);
});
