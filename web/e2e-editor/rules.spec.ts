// Every rule the build checks on content is
// checked in the editor before a save, on the field, in words staff read (which
// field, what is allowed, an example); the form opens and scrolls to the field
// in error, even inside a folded entry; a file that is not really a photo is
// refused before it is uploaded, and so is a photo too small for its field,
// with the width it needs. The walkthrough adds a vacancy with its two photos
// and a contact from the directory, and saves nothing the build then refuses.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import {
  backendActions,
  buildSite,
  chooseOption,
  expect,
  expectSaved,
  guideScreenshot,
  inSandbox,
  newEntry,
  openEntry,
  openFirstVacancy,
  publish,
  readEntries,
  shownField,
  test,
  type Employee,
  type Vacancy,
  withBuiltSite,
} from "./editor";

let files = "";
/** Photos as staff would upload them, and files that only look like one. */
const photo = (name: string) => join(files, name);

test.beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), "veldhaven-editor-rules-"));
  const make = (width: number, height: number, name: string) =>
    sharp({ create: { width, height, channels: 3, background: { r: 70, g: 96, b: 120 } } })
      .jpeg({ quality: 70 })
      .toFile(photo(name));
  await make(2000, 1250, "vacancy-test-header.jpg");
  await make(1600, 1200, "vacancy-test-role.jpg");
  await make(300, 200, "vacancy-test-small.jpg");
  // A PDF and an iPhone photo, renamed as staff do.
  writeFileSync(photo("renamed-cv.jpg"), "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n");
  writeFileSync(
    photo("iphone-photo.jpg"),
    Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic"), Buffer.alloc(12)]),
  );
});

test.afterAll(() => {
  if (files) rmSync(files, { recursive: true, force: true });
});

const images = () => readdirSync(inSandbox("content/media/images")).sort();
/** The careers page's file and every vacancy's, as they are on disk. */
const careersText = () =>
  [
    readFileSync(inSandbox("content/careers.json"), "utf8"),
    ...readdirSync(inSandbox("content/careers"))
      .sort()
      .map((f) => readFileSync(inSandbox(`content/careers/${f}`), "utf8")),
  ].join("\n");

/** A field's control by its label, among the fields shown (folded entries keep theirs hidden). */
function vacancyField(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).locator("visible=true").first();
}

test.describe("refused on the field before a save", () => {
  test("a duplicate slug: the field says what is allowed with an example, and nothing is written", async ({
    page,
  }) => {
    const before = careersText();
    const [first, second] = readEntries<Vacancy>("careers");
    const actions = backendActions(page);
    // Open the second vacancy, give it the first one's slug.
    await openEntry(page, "vacancies", second!.file);
    const vacancies = page.locator("body");
    const slug = vacancies.getByRole("textbox", { name: "Slug", exact: true });
    await expect(slug).toHaveCount(1);
    await slug.fill(first!.slug);

    await publish(page);
    const message = `Another vacancy already has the slug "${first!.slug}": each vacancy needs its own, e.g. "${first!.slug}-2".`;
    // The vacancy given the slug says so; it is scrolled to and focused.
    const messages = vacancies.getByText(message);
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toBeVisible();
    const focused = page.locator(":focus");
    await expect(focused).toHaveAttribute("type", "text");
    await expect(focused).toHaveValue(first!.slug);
    await expect(focused).toBeInViewport();
    await guideScreenshot(page, "required.png");
    await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toBeVisible();
    // Not in capitals, and no developer's words.
    await expect(page.getByText(/didn't match the pattern/i)).toHaveCount(0);
    expect(actions).not.toContain("persistEntry");
    expect(careersText()).toBe(before);
  });

  test("a slug with capitals and spaces is explained with an example, not as a pattern", async ({
    page,
  }) => {
    const before = careersText();
    const { vacancies } = await openFirstVacancy(page);
    await vacancies.getByRole("textbox", { name: "Slug", exact: true }).fill("Senior Analyst");
    await publish(page);
    await expect(
      vacancies.getByText(
        "Use lower-case letters, digits and single hyphens, like senior-analyst-amsterdam; at most 80 characters.",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByText(/didn't match the pattern/i)).toHaveCount(0);
    expect(careersText()).toBe(before);
  });

  test("HTML typed into a Markdown field is refused on the field, in the build's words", async ({
    page,
  }) => {
    const before = careersText();
    await openFirstVacancy(page);
    // The Role text field (its label's container), switched to Markdown mode,
    // where what staff paste or type is kept as written.
    const roleText = await shownField(page, "Role text");
    await roleText.getByRole("switch").first().click();
    const source = roleText.locator('[contenteditable="true"]').first();
    await source.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(
      'We offer <b>a great team</b> and <a href="https://example.org">more</a>.',
    );
    await publish(page);
    await expect(
      page.getByText(/^HTML is not allowed, use Markdown \(\*\*bold\*\*, \*italic\*/),
    ).toBeVisible();
    expect(careersText()).toBe(before);
  });

  test("a closing date before the posting date says so on the field", async ({ page }) => {
    const before = careersText();
    const { vacancy } = await openFirstVacancy(page);
    await vacancyField(page, "Valid through (optional)").fill("2001-02-03");
    await publish(page);
    await expect(
      page.getByText(
        `Valid through (2001-02-03) is before date posted (${vacancy.datePosted}): choose ${vacancy.datePosted} or a later date, or leave it empty.`,
      ),
    ).toBeVisible();
    expect(careersText()).toBe(before);
  });
});

/** The labels of the photo fields shown, each "(optional)" unless it must be filled in. */
const photoFieldLabels = (page: Page) =>
  page
    .locator("label:visible")
    .evaluateAll((labels) =>
      labels
        .filter((l) =>
          /^Choose (an|different) image$/.test(
            l.parentElement?.parentElement?.querySelector("button")?.textContent ?? "",
          ),
        )
        .map((l) => l.textContent ?? ""),
    );

test("a charity partner and the ESG block ask for one photo; one for phones or tablets is optional", async ({
  page,
}) => {
  // The picture's fields, not a video's poster.
  const pictureFields = async () =>
    (await photoFieldLabels(page)).filter((label) => label.startsWith("Photo"));
  const oneRequired = ["Photo for phones (optional)", "Photo for tablets (optional)", "Photo"];
  await openEntry(page, "partners", "sina");
  expect(await pictureFields()).toEqual(oneRequired);
  await openEntry(page, "pages", "charity");
  // A block's nested fields open folded.
  await (await shownField(page, "Images")).getByRole("button", { name: "Expand" }).click();
  expect(await pictureFields()).toEqual(oneRequired);
});

test("a PDF or an iPhone photo renamed .jpg is refused before upload with a message naming it; so is a 300 x 200 photo, with the width it needs", async ({
  page,
}) => {
  const before = images();
  const dialogs: { type: string; message: string }[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push({ type: dialog.type(), message: dialog.message() });
    await dialog.accept();
  });
  const actions = backendActions(page);
  await openFirstVacancy(page);
  const header = await shownField(page, "Header photo");
  await header
    .getByRole("button", { name: /Choose different image|Choose an image/ })
    .first()
    .click();
  const library = page.getByRole("dialog");
  await expect(library.getByRole("heading", { name: "Images" })).toBeVisible();
  const upload = library.locator('input[type="file"]');

  await upload.setInputFiles(photo("renamed-cv.jpg"));
  await expect.poll(() => dialogs.length).toBe(1);
  expect(dialogs[0]!.message).toMatch(
    /^"renamed-cv\.jpg" is named like a photo but is a PDF document\./,
  );

  await upload.setInputFiles(photo("iphone-photo.jpg"));
  await expect.poll(() => dialogs.length).toBe(2);
  expect(dialogs[1]!.message).toMatch(
    /is named like a photo but is an iPhone photo in HEIC format/,
  );

  // Too small for a header shown 2000 pixels wide: refused, saying the width it needs.
  await upload.setInputFiles(photo("vacancy-test-small.jpg"));
  await expect.poll(() => dialogs.length).toBe(3);
  expect(dialogs[2]).toEqual({
    type: "alert",
    message: expect.stringMatching(
      /^"vacancy-test-small\.jpg" is only 300 x 200 pixels; this photo is shown up to 2000 pixels wide, so it needs a photo at least 2000 pixels wide\./,
    ),
  });
  await expect(library.getByText("vacancy-test-small.jpg")).toHaveCount(0);
  expect(actions).not.toContain("persistMedia");
  expect(images()).toEqual(before);
});

test("the walkthrough: a vacancy added with two photos, its contact and office picked from lists and the id given, saves what the build accepts", async ({
  page,
}) => {
  // About 50 steps, as a member of staff takes them, before the build's own time.
  test.setTimeout(360_000);
  const before = readEntries<Vacancy>("careers");
  const nextId = Math.max(...before.map((v) => v.id)) + 1;
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.accept();
  });
  await newEntry(page, "vacancies");
  // The new vacancy's id is given, not typed.
  const newId = vacancyField(page, "Id");
  await expect(newId).toHaveValue(String(nextId));
  await expect(newId).toHaveAttribute("readonly", "");

  const text = (label: string) => vacancyField(page, label);
  await text("Slug").fill("senior-analyst-amsterdam");
  await text("Title").fill("Senior Analyst");
  await text("Location").fill("Amsterdam");
  await chooseOption(page, "Office", "Amsterdam");
  // Employment type in words; the file keeps the schema's code.
  await chooseOption(page, "Employment type", "Full time");
  await text("Date posted").fill("2026-11-20");
  await text("Header text").fill("Help us invest in affordable homes across Europe.");
  await text("Profile text").fill("You combine analytical rigour with curiosity.");
  await text("Benefits text (optional)").fill(
    "A competitive salary and a team that invests in you.",
  );
  // The contact is a person of the directory: name, job title, e-mail and portrait come from them.
  const contact = readEntries<Employee>("people").find((p) => p.teamShown === "HR Manager")!;
  await chooseOption(page, "Contact", contact.name);
  await text("Role photo description (optional)").fill("An analyst at work");
  await text("Profile photo description (optional)").fill("Amsterdam at dusk");
  const roleText = await shownField(page, "Role text");
  await roleText
    .locator('[contenteditable="true"]')
    .first()
    .fill("You analyse the investments of the firm.");
  const requirements = await shownField(page, "Requirements");
  await requirements.getByRole("button", { name: "Add requirement", exact: true }).click();
  // The new requirement is added open, its box named and ready to type in.
  const requirement = requirements.getByRole("textbox", { name: "Requirement", exact: true });
  await expect(requirement).toHaveCount(1);
  await expect(requirement).toBeFocused();
  await page.keyboard.type("A master's degree in finance or economics");
  await expect(requirements.getByText("1 requirement", { exact: true })).toBeVisible();

  // Photos: one upload each of a header and a portrait, chosen for every photo field.
  const pick = (label: string, file: string, upload: boolean) =>
    test.step(`photo: ${label}`, async () => {
      const field = await shownField(page, label);
      await field
        .getByRole("button", { name: /Choose an image/ })
        .first()
        .click();
      const library = page.getByRole("dialog");
      // A file just uploaded is already selected (a click would unselect it).
      if (upload) await library.locator('input[type="file"]').setInputFiles(photo(file));
      else await library.getByText(file, { exact: true }).first().click();
      await library.getByRole("button", { name: /Choose selected/ }).click();
      await expect(library).toBeHidden();
    });
  // Two photos are asked for; the card, the profile and the contact's photo follow from them and the directory.
  const photoFields = await photoFieldLabels(page);
  expect(photoFields.filter((label) => !label.endsWith("(optional)"))).toEqual([
    "Header photo",
    "Role photo",
  ]);
  await pick("Header photo", "vacancy-test-header.jpg", true);
  await pick("Role photo", "vacancy-test-role.jpg", true);

  await publish(page);
  await expectSaved(page);
  expect(dialogs).toEqual([]);

  const saved = readEntries<Vacancy>("careers").at(-1)!;
  expect(saved).toMatchObject({
    file: "senior-analyst-amsterdam",
    id: nextId,
    slug: "senior-analyst-amsterdam",
    title: "Senior Analyst",
    office: "amsterdam",
    employmentType: "FULL_TIME",
    datePosted: "2026-11-20",
    headerImage: "vacancy-test-header.jpg",
    roleImage: "vacancy-test-role.jpg",
    contact: contact.id,
    requirements: ["A master's degree in finance or economics"],
  });
  expect(saved).not.toHaveProperty("validThrough");
  expect(saved).not.toHaveProperty("overviewImage");
  expect(saved).not.toHaveProperty("profileImage");

  // What the editor saved, the build accepts, and the page is there: its card
  // and profile photos cut from the header photo, its contact from the directory.
  await buildSite();
  await withBuiltSite(async (origin) => {
    const fromHeader = /\/media\/img\/vacancy-test-header-\d+\.[0-9a-f]{8}\.webp$/;
    await page.goto(`${origin}/careers`);
    const card = page.getByRole("article", { name: "Senior Analyst" });
    await expect(card.locator("img")).toHaveAttribute("src", fromHeader);
    await page.goto(`${origin}/careers/senior-analyst-amsterdam`);
    await expect(page.getByRole("heading", { level: 1, name: "Senior Analyst" })).toBeVisible();
    const profile = page.getByRole("region", { name: "The profile" });
    await expect(profile.locator("img")).toHaveAttribute("src", fromHeader);
    const about = page.getByRole("region", { name: "For more information" });
    await expect(about.getByText(contact.name, { exact: true })).toBeVisible();
    await expect(about.getByText(contact.teamShown!, { exact: true })).toBeVisible();
    await expect(about.getByRole("link", { name: String(contact.email) })).toBeVisible();
    await expect(about.locator("img")).toHaveAttribute(
      "src",
      new RegExp(`/media/img/${contact.image.replace(/\.jpg$/, "")}-\\d+\\.[0-9a-f]{8}\\.webp$`),
    );
  });
});
