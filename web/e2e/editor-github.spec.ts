// The editor as staff use it on the site: Decap's GitHub backend
// with the editorial workflow, where a save is a draft in review (a branch and
// a pull request) and Publish merges it. Served by the real binary with the
// GitHub backend (./github-site.ts); GitHub is a fake built from its
// documented shapes, holding the repository's content in memory
// (./github-fake.ts), so each test reads what the editor committed where.
//  - a value typed back after a saved draft is saved (the draft is what counts,
//    not the published entry);
//  - deleting a published vacancy asks first, and is a change request of its
//    own that removes the entry and the photos only it used in one commit;
//    main keeps everything until it is merged; a photo another draft in
//    review names stays; when GitHub cannot tell what is still used, the
//    deletion goes alone and says so;
//  - a draft's upload goes with the draft when it is deleted; a draft saved
//    again after main moved on publishes both changes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { shownField, type Vacancy } from "../e2e-editor/editor";
import { fakeGitHub, type FakeGitHub, REPO } from "./github-fake";
import { startGitHubSite, type GitHubSite } from "./github-site";
import { MEDIA_PAGE_READ_ONLY } from "../admin/media-page";

const root = resolve(import.meta.dirname, "../..");

// Each test here loads the whole editor (Decap's bundle) and saves through it
// two or three times: 8-10 s alone, and past the suite's 30 s default when
// the two workers share two busy cores (both runs of 2026-11-26 17:20 UTC
// stopped the typed-back draft test at 30.8 and 33.3 s, mid-save). The editor's own
// suite gives such tests 120 s; these get 60.
test.describe.configure({ timeout: 60_000 });
const MAIN = "main";
const IMAGES = "content/media/images";
const VACANCIES = "content/careers";

let site: GitHubSite;
let files = "";
const uploadName = "vacancy-github-card.jpg";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  site = await startGitHubSite(root, 2);
  files = mkdtempSync(join(tmpdir(), "veldhaven-editor-github-"));
  await sharp({ create: { width: 2000, height: 1250, channels: 3, background: "#465f78" } })
    .jpeg({ quality: 70 })
    .toFile(join(files, uploadName));
});

test.afterAll(() => {
  site?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

/** A vacancy's file ("asset-manager") as it is on a branch of the fake GitHub. */
function vacancyOn(github: FakeGitHub, branch: string, file: string): Vacancy | undefined {
  const data = github.file(branch, `${VACANCIES}/${file}.json`);
  return data && (JSON.parse(data.toString("utf8")) as Vacancy);
}

/** The vacancies on main, in their stored order, each with its file name. */
function vacanciesOnMain(github: FakeGitHub): Vacancy[] {
  return github
    .paths(MAIN, VACANCIES)
    .map((path) => path.slice(VACANCIES.length + 1).replace(/\.json$/, ""))
    .map((file) => ({ ...vacancyOn(github, MAIN, file)!, file }))
    .sort((a, b) => a.order - b.order);
}

/** Decap's branch of a vacancy's draft (cms/<collection>/<entry>). */
const draftOf = (v: Vacancy) => `cms/vacancies/${v.file}`;
/** The branch of a vacancy's deletion (admin/unused-media-github.ts). */
const deletionOf = (v: Vacancy) => `delete/careers/${v.file}`;

/** The photo file names a vacancy names. */
const photosOf = (v: Vacancy) =>
  Object.values(v).filter((x): x is string => typeof x === "string" && /\.(jpe?g|png)$/.test(x));

/**
 * Signs in as a member of staff (a GitHub session Decap keeps) and opens the
 * editor at `route`. Returns the page's errors, as they come (expectNothingUnexpected).
 */
async function signIn(page: Page, route: string, width = 1280): Promise<string[]> {
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  await page.addInitScript(() => {
    localStorage.setItem(
      "decap-cms-user",
      JSON.stringify({ token: "fake-token", backendName: "github", login: "anna-de-vries" }),
    );
  });
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`${site.origin}/admin/#${route}`);
  return problems;
}

/** Signs in and opens the Careers page (signIn). */
async function openCareers(page: Page, width = 1280): Promise<string[]> {
  const problems = await signIn(page, "/collections/careers/entries/careers", width);
  await expect(page.locator("label").filter({ hasText: /^Page$/ })).toBeVisible({
    timeout: 30_000,
  });
  return problems;
}

/** Signs in and opens a vacancy's entry; returns its Title box and the page's errors. */
async function openVacancy(page: Page, vacancy: Vacancy) {
  const problems = await signIn(page, `/collections/vacancies/entries/${vacancy.file}`);
  const title = page.getByRole("textbox", { name: "Title", exact: true });
  await expect(title).toBeVisible({ timeout: 30_000 });
  return { title, problems };
}

/** Replaces a text box's text as a person does: select all, type. */
async function retype(page: Page, box: Locator, text: string) {
  await box.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
  await expect(box).toHaveValue(text);
}

/**
 * Saves the draft (the toolbar's Save) and waits for Decap to report it saved:
 * first the toolbar's status, which is this save's (a save before it may
 * still show its "Entry saved" message).
 */
async function saveDraft(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Changes saved")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Entry saved").first()).toBeVisible();
}

/** Answers every question the page asks with OK, keeping what was asked. */
function acceptQuestions(page: Page): string[] {
  const questions: string[] = [];
  page.on("dialog", async (dialog) => {
    questions.push(dialog.message());
    await dialog.accept();
  });
  return questions;
}

/** Deletes the open published vacancy with the toolbar's button, after its question. */
async function deleteVacancy(page: Page, questions: string[]) {
  const asked = questions.length;
  await page.getByRole("button", { name: "Delete published entry" }).click();
  await expect
    .poll(() => questions.slice(asked))
    .toEqual(["Are you sure you want to delete this published entry?"]);
}

/**
 * What a vacancy's deletion leaves unused: the photos it names that nothing
 * else in content/ on main names (the other vacancies, the pages, the people).
 */
function photosOnlyUsedBy(github: FakeGitHub, gone: Vacancy) {
  const own = `${VACANCIES}/${gone.file}.json`;
  const elsewhere = github
    .paths(MAIN, "content")
    .filter((p) => /^content\/([^/]+\/)?[^/]+\.json$/.test(p) && p !== own)
    .map((p) => github.file(MAIN, p)!.toString("utf8"))
    .join("\n");
  return {
    own: photosOf(gone).filter((p) => !elsewhere.includes(p)),
    shared: photosOf(gone).filter((p) => elsewhere.includes(p)),
  };
}

/** The deletion the tests below make: the last vacancy on main, and what it leaves. */
function lastVacancy(github: FakeGitHub) {
  const vacancies = vacanciesOnMain(github);
  const gone = vacancies.at(-1)!;
  return { gone, path: `${VACANCIES}/${gone.file}.json`, ...photosOnlyUsedBy(github, gone) };
}

/** Marks the open draft Ready and publishes it: its branch is merged and goes. */
async function publishDraft(page: Page, github: FakeGitHub, draft: string) {
  await page.getByRole("button", { name: /^Status: / }).click();
  await page.getByRole("menuitem", { name: "Ready" }).click();
  await expect(page.getByRole("button", { name: "Status: Ready" })).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
  await expect.poll(() => github.hasBranch(draft), { timeout: 15_000 }).toBe(false);
}

/** Every request was one the fake knows, and the page logged no problem. */
function expectNothingUnexpected(github: FakeGitHub, problems: string[]) {
  expect(github.unknown, "requests the fake GitHub could not answer").toEqual([]);
  expect(problems).toEqual([]);
}

test("a value typed back after a saved draft is saved in the draft", async ({ page }) => {
  const github = await fakeGitHub(page, root);
  const vacancy = vacanciesOnMain(github)[0]!;
  const draft = draftOf(vacancy);
  const before = vacancyOn(github, MAIN, vacancy.file)!;
  const original = before.title;
  const mistake = `${original} (wrong)`;

  const { title, problems } = await openVacancy(page, vacancy);
  await retype(page, title, mistake);
  await saveDraft(page);
  await expect
    .poll(() => github.hasBranch(draft) && vacancyOn(github, draft, vacancy.file)!.title)
    .toBe(mistake);
  await expect(title).toHaveValue(mistake);
  await expect(page.getByText("Unsaved changes", { exact: false })).toHaveCount(0);

  // The fix: the published value typed back is a change to the draft...
  await retype(page, title, original);
  await expect(page.getByText(/^Unsaved changes$/i)).toBeVisible();
  await saveDraft(page);
  // ...and the draft has it: the file as published, nothing else changed.
  await expect.poll(() => vacancyOn(github, draft, vacancy.file)!.title).toBe(original);
  expect(vacancyOn(github, draft, vacancy.file)).toEqual(before);
  // Saved, the form is the draft: nothing left to save.
  await expect(page.getByText(/^Unsaved changes$/i)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  expect(vacancyOn(github, MAIN, vacancy.file)).toEqual(before);

  expectNothingUnexpected(github, problems);
});

test("deleting a published vacancy asks first, and is a change request of its own that removes it and the photos only it used in one commit", async ({
  page,
}) => {
  const github = await fakeGitHub(page, root);
  const { gone, path, own, shared } = lastVacancy(github);
  const branch = deletionOf(gone);
  expect(own.length).toBeGreaterThan(0);
  for (const photo of own) expect(github.file(MAIN, `${IMAGES}/${photo}`), photo).toBeDefined();
  const allImages = github.paths(MAIN, IMAGES);
  const mainFiles = github.paths(MAIN, "content");

  const questions = acceptQuestions(page);
  const { problems } = await openVacancy(page, gone);
  await deleteVacancy(page, questions);
  // It reads every content file on main first: as long as a save.
  await expect(page.getByText(/^The deletion is change request #\d+ on GitHub/)).toBeVisible({
    timeout: 15_000,
  });

  // The change request: the vacancy and its own photos gone, in one commit.
  await expect.poll(() => github.hasBranch(branch)).toBe(true);
  expect(github.lastCommitChanges(branch)).toEqual(
    [path, ...own.map((p) => `${IMAGES}/${p}`)].sort(),
  );
  for (const photo of shared)
    expect(github.file(branch, `${IMAGES}/${photo}`), photo).toBeDefined();
  expect(github.pulls().map((p) => [p.state, p.head])).toEqual([["open", branch]]);
  // main keeps everything until it is merged.
  expect(github.paths(MAIN, "content")).toEqual(mainFiles);
  expect(github.paths(MAIN, IMAGES)).toEqual(allImages);

  expectNothingUnexpected(github, problems);
});

test("when GitHub cannot tell which photos are still used, the deletion goes alone and says the photos stay", async ({
  page,
}) => {
  const github = await fakeGitHub(page, root);
  // The listing of every media file (a large tree) times out on GitHub's side.
  github.timeOut((request) =>
    request.startsWith(`GET /repos/${REPO}/git/trees/main:content/media?recursive`),
  );
  const { gone, path, own } = lastVacancy(github);
  const branch = deletionOf(gone);

  const questions = acceptQuestions(page);
  const { problems } = await openVacancy(page, gone);
  await deleteVacancy(page, questions);
  await expect(
    page.getByText(
      /The photos and files only it used could not be checked on GitHub \(Server Error\), so they were kept\.$/,
    ),
  ).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => github.hasBranch(branch)).toBe(true);
  expect(github.lastCommitChanges(branch)).toEqual([path]);
  for (const photo of own) expect(github.file(branch, `${IMAGES}/${photo}`), photo).toBeDefined();

  expectNothingUnexpected(github, problems);
});

test("a photo a deleted vacancy used stays while another draft in review names it", async ({
  page,
}) => {
  const github = await fakeGitHub(page, root);
  const { gone, path, own } = lastVacancy(github);
  expect(own.length).toBeGreaterThan(1);
  // A colleague's draft of a person gives them one of the vacancy's photos.
  const [named, ...unnamed] = own as [string, ...string[]];
  const personPath = github.paths(MAIN, "content/people")[0]!;
  const person = JSON.parse(github.file(MAIN, personPath)!.toString("utf8")) as { image: string };
  person.image = named;
  github.openDraft(
    `employees/${personPath
      .split("/")
      .pop()!
      .replace(/\.json$/, "")}`,
    personPath,
    `${JSON.stringify(person, null, 2)}\n`,
  );

  const questions = acceptQuestions(page);
  const { problems } = await openVacancy(page, gone);
  await deleteVacancy(page, questions);
  // It reads every content file on main first: as long as a save.
  await expect.poll(() => github.hasBranch(deletionOf(gone)), { timeout: 15_000 }).toBe(true);
  expect(github.lastCommitChanges(deletionOf(gone))).toEqual(
    [path, ...unnamed.map((p) => `${IMAGES}/${p}`)].sort(),
  );
  expect(github.file(deletionOf(gone), `${IMAGES}/${named}`)).toBeDefined();

  expectNothingUnexpected(github, problems);
});

test("a draft's upload is saved in the draft, and goes with the draft when it is deleted", async ({
  page,
}) => {
  const github = await fakeGitHub(page, root);
  const vacancy = vacanciesOnMain(github).at(-1)!;
  const draft = draftOf(vacancy);
  const before = vacancyOn(github, MAIN, vacancy.file)!;
  const upload = `${IMAGES}/${uploadName}`;
  expect(github.file(MAIN, upload)).toBeUndefined();

  acceptQuestions(page);
  const { problems } = await openVacancy(page, vacancy);
  const card = await shownField(page, "Card photo (optional)");
  await card.getByRole("button", { name: /Choose (different|an) image/ }).click();
  const library = page.getByRole("dialog");
  await library.locator('input[type="file"]').setInputFiles(join(files, uploadName));
  await library.getByRole("button", { name: /Choose selected/ }).click();
  await expect(library).toBeHidden();
  await saveDraft(page);
  await expect.poll(() => github.file(draft, upload) !== undefined).toBe(true);
  expect(vacancyOn(github, draft, vacancy.file)!.overviewImage).toBe(uploadName);

  // The draft deleted: nothing of it anywhere, main as it was.
  await page.getByRole("button", { name: "Delete unpublished changes" }).click();
  await expect.poll(() => github.hasBranch(draft), { timeout: 15_000 }).toBe(false);
  expect(github.file(MAIN, upload)).toBeUndefined();
  expect(vacancyOn(github, MAIN, vacancy.file)).toEqual(before);
  expect(github.pulls().map((p) => [p.state, p.merged])).toEqual([["closed", false]]);

  expectNothingUnexpected(github, problems);
});

test("a draft saved again after main moved on publishes both changes", async ({ page }) => {
  const github = await fakeGitHub(page, root);
  const vacancy = vacanciesOnMain(github)[0]!;
  const draft = draftOf(vacancy);
  const before = vacancyOn(github, MAIN, vacancy.file)!;

  // Publish asks first.
  acceptQuestions(page);
  const { title, problems } = await openVacancy(page, vacancy);
  await retype(page, title, `${before.title} (draft)`);
  await saveDraft(page);
  await expect.poll(() => github.hasBranch(draft)).toBe(true);

  // Meanwhile a colleague's change to a person is published.
  const personPath = github.paths(MAIN, "content/people")[0]!;
  const person = JSON.parse(github.file(MAIN, personPath)!.toString("utf8")) as { name: string };
  person.name = `${person.name} Jr.`;
  const theirs = `${JSON.stringify(person, null, 2)}\n`;
  github.commitToMain(personPath, theirs);

  // The draft saved again: Decap moves it onto the new main (a rebase).
  const retitled = `${before.title} (Amsterdam)`;
  await retype(page, title, retitled);
  await saveDraft(page);
  await expect.poll(() => vacancyOn(github, draft, vacancy.file)!.title).toBe(retitled);
  expect(github.file(draft, personPath)!.toString("utf8")).toBe(theirs);

  await publishDraft(page, github, draft);
  expect(vacancyOn(github, MAIN, vacancy.file)).toEqual({ ...before, title: retitled });
  expect(github.file(MAIN, personPath)!.toString("utf8")).toBe(theirs);

  expectNothingUnexpected(github, problems);
});

// Decap's top bar of an entry is one row of 66 px: on a phone the editorial
// workflow's status menu and View Live ran off the screen's edge.
test("on a phone the entry's top bar keeps save, the status menu and View Live on the screen, above the form", async ({
  page,
}) => {
  const github = await fakeGitHub(page, root);
  const problems = await openCareers(page, 375);
  const onScreen = async (control: Locator) => {
    await expect(control).toBeVisible();
    const box = (await control.boundingBox())!;
    const name = (await control.textContent()) ?? "";
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(375);
    return box;
  };
  const controls = [
    page.getByRole("link", { name: /Writing in Careers/ }),
    page.getByRole("button", { name: "Save", exact: true }),
    page.getByRole("button", { name: "Published" }),
    page.getByRole("link", { name: /View Live/ }),
  ];
  let barBottom = 0;
  for (const control of controls) {
    const box = await onScreen(control);
    barBottom = Math.max(barBottom, box.y + box.height);
  }
  // The form starts below the bar, not under it.
  const label = page.locator("label").filter({ hasText: /^Page$/ });
  expect((await label.boundingBox())!.y).toBeGreaterThan(barBottom);
  // The status menu opens on the screen, over the form.
  await page.getByRole("button", { name: "Published" }).click();
  await onScreen(page.getByRole("menuitem", { name: /Unpublish/ }));
  await page.keyboard.press("Escape");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expectNothingUnexpected(github, problems);
});

// Decap's header has a Media button that opens the media library over the
// page, without changing the address; #/media (a bookmark) opens the same
// library. On the site an upload or a delete there is a commit straight to
// main, which the rule on main refuses (admin/media-page.ts): the editor says
// so before anything is sent, whichever way the library was opened.
test("the library opened from the header's Media button or #/media refuses an upload and a delete with a message, and writes nothing to GitHub", async ({
  page,
}) => {
  const github = await fakeGitHub(page, root);
  const upload = `${IMAGES}/${uploadName}`;
  const images = github.paths(MAIN, IMAGES);
  const photo = images[0]!.slice(IMAGES.length + 1);
  const alerts = acceptQuestions(page);
  const problems = await signIn(page, "/collections/careers");

  const media = page.getByRole("button", { name: "Media", exact: true });
  await media.click();
  const library = page.getByRole("dialog");
  await expect(library.getByRole("heading", { name: "Media assets" })).toBeVisible();
  expect(new URL(page.url()).hash).toBe("#/collections/careers");
  await library.locator('input[type="file"]').setInputFiles(join(files, uploadName));
  await expect.poll(() => alerts).toEqual([MEDIA_PAGE_READ_ONLY]);
  await library.getByText(photo, { exact: true }).click();
  await library.getByRole("button", { name: "Delete selected" }).click();
  await expect.poll(() => alerts).toEqual([MEDIA_PAGE_READ_ONLY, MEDIA_PAGE_READ_ONLY]);
  await expect(library.getByText(photo, { exact: true })).toBeVisible();
  await library.getByRole("button", { name: "Close" }).click();
  await expect(library).toHaveCount(0);

  await page.goto(`${site.origin}/admin/#/media`);
  await expect(library.getByRole("heading", { name: "Media assets" })).toBeVisible();
  await library.locator('input[type="file"]').setInputFiles(join(files, uploadName));
  await expect.poll(() => alerts).toHaveLength(3);
  expect(alerts[2]).toBe(MEDIA_PAGE_READ_ONLY);

  expect(github.writes, "requests that change the repository").toEqual([]);
  expect(github.paths(MAIN, IMAGES)).toEqual(images);
  expect(github.file(MAIN, upload)).toBeUndefined();
  expectNothingUnexpected(github, problems);
});
