// The editor as the firm's staff use it, against `make edit` in a
// sandbox copy of the repository: a save writes the content file, and the
// rebuilt site shows it; what the content rules refuse is refused in the form
// and never written. One worker runs them in order (playwright.editor.config.ts);
// each reads the content it starts from, so one failing does not fail the next.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { Locator } from "@playwright/test";
import {
  backendActions,
  buildSite,
  chooseOption,
  type Employee,
  expect,
  expectSaved,
  inSandbox,
  newEntry,
  openEntry,
  publish,
  readContent,
  readEntries,
  readEntry,
  test,
  type Vacancy,
  withBuiltSite,
} from "./editor";

/** A field of the editor's configuration (/admin/config.yml), as far as the tests read it. */
interface EditorField {
  name: string;
  pattern?: [string, string];
  fields?: EditorField[];
}

// A portrait as a member of staff would upload one, and a file that is none,
// made in a folder of their own for the run.
const portraitName = "person-ilse-verbruggen.jpg";
let files = "";
let portrait = "";
let notAnImage = "";

test.beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), "veldhaven-editor-files-"));
  portrait = join(files, portraitName);
  notAnImage = join(files, "notes.txt");
  await sharp({
    create: { width: 800, height: 1000, channels: 3, background: { r: 96, g: 120, b: 140 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000"><circle cx="400" cy="380" r="190" fill="#d9c2a7"/><rect x="170" y="620" width="460" height="380" rx="200" fill="#2f3b48"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 80 })
    .toFile(portrait);
  writeFileSync(notAnImage, "Not a photo: a text file chosen by mistake.\n");
});

test.afterAll(() => {
  if (files) rmSync(files, { recursive: true, force: true });
});

const images = () => readdirSync(inSandbox("content/media/images")).sort();

test("the editor loads, previews a page with the site's components, and breaks no rule of its CSP", async ({
  page,
}) => {
  const response = await page.goto("/admin/");
  // bin/site gives the editor its own policy; the fixture fails the test on any violation of it.
  expect(response?.headers()["content-security-policy"]).toMatch(/default-src 'self'/);
  const vacancy = readEntries<Vacancy>("careers")[0]!;
  await openEntry(page, "careers", "careers");
  const preview = page.locator("iframe").first().contentFrame();
  await expect(
    preview.getByRole("article").getByRole("heading", { level: 3, name: vacancy.title }),
  ).toBeVisible();
});

// The page keeps the map's frame in an inert <template> until a visitor asks
// for it; React rendering the preview in the browser put the frame in the
// document, where the editor's policy refused it (frame-src 'none').
test("the Contact page's preview shows the map's preview and asks the map's site for nothing", async ({
  page,
}) => {
  const map = readContent<{ map: { heading: string; showLabel: string; frameTitle: string } }>(
    "contact",
  ).map;
  await openEntry(page, "pages", "contact");
  const preview = page.locator("iframe").first().contentFrame();
  const section = preview.getByRole("region", { name: map.heading });
  await expect(section.getByRole("button", { name: map.showLabel })).toBeVisible();
  await expect(section.locator("iframe")).toHaveCount(0);
  await expect(preview.getByTitle(map.frameTitle)).toHaveCount(0);
});

test("a vacancy's new title is saved to its file in content/careers/ and shown by the rebuilt /careers", async ({
  page,
}) => {
  const vacancies = readEntries<Vacancy>("careers");
  const vacancy = vacancies[0]!;
  const path = inSandbox(`content/careers/${vacancy.file}.json`);
  const before = readEntry<Vacancy>("careers", vacancy.file);
  const beforeText = readFileSync(path, "utf8");
  const newTitle = "Portfolio Manager Residential";
  expect(vacancies.map((v) => v.title)).not.toContain(newTitle);

  await openEntry(page, "vacancies", vacancy.file);
  const title = page.getByRole("textbox", { name: "Title", exact: true }).first();
  await expect(title).toHaveValue(vacancy.title);
  await title.fill(newTitle);
  await publish(page);
  await expectSaved(page);

  // The file holds the new title and nothing else changed.
  expect(readEntry<Vacancy>("careers", vacancy.file)).toEqual({ ...before, title: newTitle });
  // ...and the file's text differs by that one line (a reviewable pull request).
  const titleLine = `"title": ${JSON.stringify(vacancy.title)},`;
  expect(beforeText.split(titleLine)).toHaveLength(2);
  expect(readFileSync(path, "utf8")).toBe(
    beforeText.replace(titleLine, `"title": ${JSON.stringify(newTitle)},`),
  );

  await buildSite();
  await withBuiltSite(async (origin) => {
    await page.goto(`${origin}/careers`);
    const card = page.getByRole("article").filter({
      has: page.getByRole("heading", { level: 3, name: newTitle, exact: true }),
    });
    await expect(card).toHaveCount(1);
    await expect(page.getByRole("heading", { name: vacancy.title, exact: true })).toHaveCount(0);
    await page.goto(`${origin}/careers/${vacancy.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: newTitle })).toBeVisible();
  });
});

test("a required field left empty and a malformed one are refused with their messages, and nothing is written", async ({
  page,
  request,
}) => {
  const vacancy = readEntries<Vacancy>("careers")[0]!;
  const file = inSandbox(`content/careers/${vacancy.file}.json`);
  const before = readFileSync(file, "utf8");
  const config = (await (await request.get("/admin/config.yml")).json()) as {
    collections: { name: string; fields?: EditorField[] }[];
  };
  const vacancyFields = config.collections.find((c) => c.name === "vacancies")!.fields!;
  const slugRule = vacancyFields.find((f) => f.name === "slug")!.pattern!;

  const actions = backendActions(page);
  await openEntry(page, "vacancies", vacancy.file);
  const vacancies = page.locator("body");
  await vacancies.getByRole("textbox", { name: "Title", exact: true }).first().fill("");
  await vacancies.getByRole("textbox", { name: "Slug", exact: true }).first().fill("Not a slug");
  await publish(page);

  // In the staff's words, and what is allowed (the schema's message), not Decap's
  // "Slug didn't match the pattern: ...".
  await expect(
    page.getByRole("alert").filter({ hasText: /^Not saved: 2 fields need your attention\./ }),
  ).toBeVisible();
  // One message, not a second from Decap in other words over it.
  await expect(page.getByText(/^Not saved/)).toHaveCount(1);
  await expect(page.getByText(/Oops/)).toHaveCount(0);
  await expect(
    vacancies.getByText("Fill in Title: it is required.", { exact: true }),
  ).toBeVisible();
  await expect(vacancies.getByText(`${slugRule[1]}.`, { exact: true })).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  expect(actions).not.toContain("persistEntry");
  expect(readFileSync(file, "utf8")).toBe(before);
});

test("a text file chosen as a portrait is refused with a message, and nothing reaches content/media/images", async ({
  page,
}) => {
  const before = images();
  const alerts: string[] = [];
  page.on("dialog", async (dialog) => {
    alerts.push(dialog.message());
    await dialog.accept();
  });
  const actions = backendActions(page);

  await newEntry(page, "employees");
  const employees = page.locator("body");
  await employees.getByRole("button", { name: "Choose an image" }).first().click();
  const library = page.getByRole("dialog");
  await expect(library.getByRole("heading", { name: "Images" })).toBeVisible();
  await library.locator('input[type="file"]').setInputFiles(notAnImage);

  await expect.poll(() => alerts).toHaveLength(1);
  expect(alerts[0]).toContain("notes.txt");
  expect(alerts[0]).toMatch(/JPEG or PNG/);
  // Not even a draft: the library does not list it, the backend was not asked to store it.
  await expect(library.getByText("notes.txt")).toHaveCount(0);
  await expect(library.getByText("Draft", { exact: true })).toHaveCount(0);
  await library.getByRole("button", { name: "Close" }).click();
  expect(actions).not.toContain("persistMedia");
  expect(images()).toEqual(before);
});

test("a new employee with one uploaded portrait is saved, passes the build and shows it on the card at every width and in the popup", async ({
  page,
}) => {
  const before = readEntries<Employee>("people");
  const colleague = before[0]!;
  const person = {
    order: Math.max(...before.map((e) => e.order)) + 10,
    id: Math.max(...before.map((e) => e.id)) + 1,
    name: "Ilse Verbruggen",
    team: [colleague.team[0]!],
    location: colleague.location,
    description:
      "Ilse joined the asset management team to look after the residential portfolio's sustainability upgrades.",
  };
  expect(before.map((e) => e.name)).not.toContain(person.name);
  expect(images()).not.toContain(portraitName);

  await newEntry(page, "employees");
  const employees = page.locator("body");
  // A new person comes last in the directory: the Position after everyone's.
  await expect(employees.getByLabel("Position", { exact: true })).toHaveValue(String(person.order));
  // The id is given by the editor, the next free number.
  await expect(employees.getByLabel("Id", { exact: true }).locator("visible=true")).toHaveValue(
    String(person.id),
  );
  await employees.getByRole("textbox", { name: "Name", exact: true }).fill(person.name);

  // One portrait, uploaded once: a person asks for no other photo.
  const library = page.getByRole("dialog");
  await expect(employees.getByRole("button", { name: "Choose an image" })).toHaveCount(1);
  await employees.getByRole("button", { name: "Choose an image" }).click();
  await expect(library.getByRole("heading", { name: "Images" })).toBeVisible();
  await library.locator('input[type="file"]').setInputFiles(portrait);
  await library.getByRole("button", { name: "Choose selected" }).click();
  await expect(library).toHaveCount(0);
  await expect(employees.getByRole("button", { name: "Choose an image" })).toHaveCount(0);
  // The preview draws the new person's card with the upload, which no build has seen.
  const card = page
    .locator("iframe")
    .first()
    .contentFrame()
    .locator(`#preview-person-${person.id}`);
  await expect(card).toContainText(person.name);
  // Its photo loads lazily: brought into the preview's view first.
  await card.scrollIntoViewIfNeeded();
  await expect
    .poll(() => card.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(1);

  // Teams and office are picked from the lists of Who we are and Site.
  await chooseOption(page, "Teams", person.team[0]!);
  await chooseOption(page, "Office", person.location);
  await employees.getByRole("textbox", { name: "About", exact: true }).fill(person.description);
  await publish(page);
  await expectSaved(page);

  // The new person's own file, after everyone else, with the portrait's file name.
  expect(readEntry("people", "ilse-verbruggen")).toEqual({
    ...person,
    image: portraitName,
    teamShown: "",
  });
  expect(readEntries<Employee>("people").at(-1)!.name).toBe(person.name);
  expect(readFileSync(inSandbox(`content/media/images/${portraitName}`))).toEqual(
    readFileSync(portrait),
  );

  await buildSite();
  await withBuiltSite(async (origin) => {
    // Every picture of the person is drawn from the variants the build made of the one upload.
    const variant = new RegExp(
      `/media/img/${portraitName.replace(/\.jpg$/, "")}-\\d+\\.[0-9a-f]{8}\\.(webp|avif)$`,
    );
    const shown = (photo: Locator) =>
      photo.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth }));
    await page.goto(`${origin}/who-we-are`);
    const directory = page.getByRole("region", { name: "Meet our people" });
    await expect(directory.getByRole("listitem")).toHaveCount(before.length + 1);
    // The directory's card on a computer, a tablet and a phone (found by its search there).
    for (const width of [1280, 768, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${origin}/who-we-are?q=${encodeURIComponent(person.name)}`);
      const card = directory.getByRole("listitem").filter({ hasText: person.name });
      await expect(card).toHaveCount(1);
      await card.scrollIntoViewIfNeeded();
      await expect
        .poll(async () => (await shown(card.locator("img"))).src, { message: `${width} px` })
        .toMatch(variant);
    }
    // The popup.
    const response = await page.goto(`${origin}/who-we-are/${person.id}`);
    expect(response?.status()).toBe(200);
    const popup = page.getByRole("dialog");
    await expect(popup.getByRole("heading", { name: person.name })).toBeVisible();
    const photo = popup.locator("picture img").first();
    await expect(photo).toHaveAttribute("src", variant);
    await expect.poll(async () => (await shown(photo)).width).toBeGreaterThan(0);
    expect((await shown(photo)).src).toMatch(variant);
  });
});
