// The editor as staff use it on the site: Decap's GitHub backend
// with the editorial workflow, where a save is a draft in review (a branch and
// a pull request) and Publish merges it. Served by the real binary with the
// GitHub backend (./github-site.ts); GitHub is a fake built from its
// documented shapes, holding the repository's content in memory
// (./github-fake.ts), so each test reads what the editor committed where.
//  - a value typed back after a saved draft is saved (the draft is what counts,
//    not the published entry);
//  - removing a vacancy asks first, and the save removes the photos only it
//    used in its own commit; publishing removes them from main; uploads of a
//    draft go when what used them is removed, and with the draft; a photo
//    another draft in review names stays; when GitHub cannot tell what is
//    still used, the save goes through and says so.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { type Careers, fieldBox, shownField, type Vacancy } from "../e2e-editor/editor";
import { fakeGitHub, type FakeGitHub, REPO } from "./github-fake";
import { startGitHubSite, type GitHubSite } from "./github-site";
import { escapeRegExp } from "./fixtures";
import { MEDIA_PAGE_READ_ONLY } from "../admin/media-page";

const root = resolve(import.meta.dirname, "../..");

// Each test here loads the whole editor (Decap's bundle) and saves through it
// two or three times: 8-10 s alone, and past the suite's 30 s default when
// the two workers share two busy cores (both runs of 2026-11-26 17:20 UTC
// stopped the typed-back draft test at 30.8 and 33.3 s, mid-save). The editor's own
// suite gives such tests 120 s; these get 60.
test.describe.configure({ timeout: 60_000 });
const MAIN = "main";
// Decap's branch for the Careers page's draft (cms/<collection>/<entry>).
const DRAFT = "cms/careers/careers";
const CAREERS = "content/careers.json";
const IMAGES = "content/media/images";

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

/** The Careers file on a branch of the fake GitHub. */
function careersOn(github: FakeGitHub, branch: string): Careers {
  const data = github.file(branch, CAREERS);
  if (!data) throw new Error(`${branch} has no ${CAREERS}`);
  return JSON.parse(data.toString("utf8")) as Careers;
}

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
  await expect(page.locator("label").filter({ hasText: /^Vacancies$/ })).toBeVisible({
    timeout: 30_000,
  });
  return problems;
}

/** Replaces a text box's text as a person does: select all, type. */
async function retype(page: Page, box: Locator, text: string) {
  await box.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
  await expect(box).toHaveValue(text);
}

/** The first vacancy's Title box, its entry unfolded. */
async function firstTitle(page: Page): Promise<Locator> {
  const vacancies = await fieldBox(page, "Vacancies");
  const title = vacancies.getByRole("textbox", { name: "Title", exact: true }).first();
  if (!(await title.isVisible())) {
    await vacancies.getByRole("button", { name: "Expand" }).first().click();
  }
  await expect(title).toBeVisible();
  return title;
}

/** Saves the draft (the toolbar's Save) and waits for Decap to report it saved. */
async function saveDraft(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Entry saved").first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Changes saved")).toBeVisible();
}

/** The vacancy's entry in the list, found by the name the list shows (its slug or title). */
function vacancyEntry(vacancies: Locator, vacancy: Vacancy): Locator {
  return vacancies.getByText(
    new RegExp(`^(${escapeRegExp(vacancy.slug)}|${escapeRegExp(vacancy.title)})$`),
  );
}

/** Removes a vacancy with the x of its bar, answering the question with `answer`. */
async function removeVacancy(page: Page, vacancy: Vacancy, questions: string[]) {
  const vacancies = await fieldBox(page, "Vacancies");
  const entry = vacancyEntry(vacancies, vacancy);
  // Its name is in the bar whether the entry is folded or open (a save keeps
  // an open entry open); Decap hides the name of an open one.
  await expect(entry).toBeAttached();
  const asked = questions.length;
  // The x at the right of the entry's bar: the bar just above its name.
  await entry.locator("xpath=preceding-sibling::div[1]/button[last()]").click();
  expect(questions.length).toBe(asked + 1);
  expect(questions.at(-1)).toMatch(
    new RegExp(
      `^Remove the vacancy “(${escapeRegExp(vacancy.slug)}|${escapeRegExp(vacancy.title)})”\\?`,
    ),
  );
  await expect(entry).toHaveCount(0);
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

/**
 * What a vacancy's removal leaves unused: the photos it names that nothing
 * else in content/ names (the other vacancies, the rest of the page, other files).
 */
function photosOnlyUsedBy(github: FakeGitHub, careers: Careers, gone: Vacancy) {
  const rest = { ...careers, vacancies: careers.vacancies.filter((v) => v !== gone) };
  const elsewhere = [
    JSON.stringify(rest),
    ...github
      .paths(MAIN, "content")
      .filter((p) => /^content\/[^/]+\.json$/.test(p) && p !== CAREERS)
      .map((p) => github.file(MAIN, p)!.toString("utf8")),
  ].join("\n");
  const own = photosOf(gone).filter((p) => !elsewhere.includes(p));
  const shared = photosOf(gone).filter((p) => elsewhere.includes(p));
  return { own, shared };
}

/** The removal every test below makes: the last vacancy on main, and what it leaves. */
function lastVacancyRemoved(github: FakeGitHub) {
  const before = careersOn(github, MAIN);
  const gone = before.vacancies.at(-1)!;
  const others = before.vacancies.slice(0, -1);
  return { before, gone, others, ...photosOnlyUsedBy(github, before, gone) };
}

/** Marks the open draft Ready and publishes it: its branch is merged and goes. */
async function publishDraft(page: Page, github: FakeGitHub) {
  await page.getByRole("button", { name: /^Status: / }).click();
  await page.getByRole("menuitem", { name: "Ready" }).click();
  await expect(page.getByRole("button", { name: "Status: Ready" })).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
  await expect.poll(() => github.hasBranch(DRAFT), { timeout: 15_000 }).toBe(false);
}

/** Every request was one the fake knows, and the page logged no problem. */
function expectNothingUnexpected(github: FakeGitHub, problems: string[]) {
  expect(github.unknown, "requests the fake GitHub could not answer").toEqual([]);
  expect(problems).toEqual([]);
}

test("a value typed back after a saved draft is saved in the draft", async ({ page }) => {
  const github = await fakeGitHub(page, root);
  const before = careersOn(github, MAIN);
  const original = before.vacancies[0]!.title;
  const mistake = `${original} (wrong)`;

  const problems = await openCareers(page);
  let title = await firstTitle(page);
  await retype(page, title, mistake);
  await saveDraft(page);
  await expect
    .poll(() => github.hasBranch(DRAFT) && careersOn(github, DRAFT).vacancies[0]!.title)
    .toBe(mistake);
  // Decap opens the draft it saved: a new form, its list folded again.
  title = await firstTitle(page);
  await expect(title).toHaveValue(mistake);
  await expect(page.getByText("Unsaved changes", { exact: false })).toHaveCount(0);

  // The fix: the published value typed back is a change to the draft...
  await retype(page, title, original);
  await expect(page.getByText(/^Unsaved changes$/i)).toBeVisible();
  await saveDraft(page);
  // ...and the draft has it: the file as published, nothing else changed.
  await expect.poll(() => careersOn(github, DRAFT).vacancies[0]!.title).toBe(original);
  expect(careersOn(github, DRAFT)).toEqual(before);
  // Saved, the form is the draft: nothing left to save.
  await expect(page.getByText(/^Unsaved changes$/i)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  expect(careersOn(github, MAIN)).toEqual(before);

  expectNothingUnexpected(github, problems);
});

test("removing a published vacancy asks first; its draft removes the photos only it used in the same commit, and publishing removes them from main", async ({
  page,
}) => {
  const github = await fakeGitHub(page, root);
  const { before, gone, others, own, shared } = lastVacancyRemoved(github);
  expect(own.length).toBeGreaterThan(0);
  for (const photo of own) expect(github.file(MAIN, `${IMAGES}/${photo}`), photo).toBeDefined();
  const allImages = github.paths(MAIN, IMAGES);

  const questions = acceptQuestions(page);
  const problems = await openCareers(page);
  await removeVacancy(page, gone, questions);
  await saveDraft(page);

  // The draft: the vacancy gone from the file and its own photos with it, in one commit.
  await expect.poll(() => github.hasBranch(DRAFT)).toBe(true);
  expect(careersOn(github, DRAFT)).toEqual({ ...before, vacancies: others });
  expect(github.lastCommitChanges(DRAFT)).toEqual(
    [CAREERS, ...own.map((p) => `${IMAGES}/${p}`)].sort(),
  );
  for (const photo of shared) expect(github.file(DRAFT, `${IMAGES}/${photo}`), photo).toBeDefined();
  // main keeps everything until the change is published.
  expect(careersOn(github, MAIN)).toEqual(before);
  expect(github.paths(MAIN, IMAGES)).toEqual(allImages);

  // Another change saved to the same draft: the photos stay deleted, and the
  // save asks GitHub to delete nothing that is already gone (GitHub would
  // refuse the whole commit).
  const retitled = `${others[0]!.title} (Amsterdam)`;
  await retype(page, await firstTitle(page), retitled);
  await saveDraft(page);
  await expect.poll(() => careersOn(github, DRAFT).vacancies[0]!.title).toBe(retitled);
  expect(github.lastCommitChanges(DRAFT)).toEqual([CAREERS]);
  for (const photo of own) expect(github.file(DRAFT, `${IMAGES}/${photo}`), photo).toBeUndefined();
  const published = {
    ...before,
    vacancies: [{ ...others[0]!, title: retitled }, ...others.slice(1)],
  };

  // Published (status Ready, then Publish now): main loses the vacancy and its own photos only.
  await publishDraft(page, github);
  expect(careersOn(github, MAIN)).toEqual(published);
  expect(github.paths(MAIN, IMAGES)).toEqual(
    allImages.filter((p) => !own.some((photo) => p === `${IMAGES}/${photo}`)),
  );
  expect(github.pulls().map((p) => [p.state, p.merged])).toEqual([["closed", true]]);

  expectNothingUnexpected(github, problems);
});

test("a draft's upload goes when the vacancy using it is removed before publishing, and with the draft when it is deleted", async ({
  page,
}) => {
  const github = await fakeGitHub(page, root);
  const { before, gone, own } = lastVacancyRemoved(github);
  const upload = `${IMAGES}/${uploadName}`;
  expect(github.file(MAIN, upload)).toBeUndefined();

  const questions = acceptQuestions(page);
  const problems = await openCareers(page);
  // A new card photo for the last vacancy, saved in the draft.
  const vacancies = await fieldBox(page, "Vacancies");
  await vacancyEntry(vacancies, gone).click();
  const card = await shownField(page, "Card photo");
  await card.getByRole("button", { name: /Choose (different|an) image/ }).click();
  const library = page.getByRole("dialog");
  await library.locator('input[type="file"]').setInputFiles(join(files, uploadName));
  await library.getByRole("button", { name: /Choose selected/ }).click();
  await expect(library).toBeHidden();
  await saveDraft(page);
  await expect.poll(() => github.file(DRAFT, upload) !== undefined).toBe(true);
  expect(careersOn(github, DRAFT).vacancies.at(-1)!.overviewImage).toBe(uploadName);

  // The vacancy removed in the draft: its upload and its own photos go from the draft.
  await removeVacancy(page, gone, questions);
  await saveDraft(page);
  await expect
    .poll(() => careersOn(github, DRAFT).vacancies.length)
    .toBe(before.vacancies.length - 1);
  expect(github.file(DRAFT, upload)).toBeUndefined();
  for (const photo of own) expect(github.file(DRAFT, `${IMAGES}/${photo}`), photo).toBeUndefined();

  // The draft deleted: nothing of it anywhere, main as it was.
  await page.getByRole("button", { name: "Delete unpublished changes" }).click();
  await expect.poll(() => github.hasBranch(DRAFT), { timeout: 15_000 }).toBe(false);
  expect(github.file(MAIN, upload)).toBeUndefined();
  expect(careersOn(github, MAIN)).toEqual(before);
  expect(github.pulls().map((p) => [p.state, p.merged])).toEqual([["closed", false]]);

  expectNothingUnexpected(github, problems);
});

test("when GitHub cannot tell which photos are still used, the save goes through and says the photos stay", async ({
  page,
}) => {
  const github = await fakeGitHub(page, root);
  // The listing of every media file (a large tree) times out on GitHub's side.
  const recovered = github.timeOut((request) =>
    request.startsWith(`GET /repos/${REPO}/git/trees/main:content/media?recursive`),
  );
  const { before, gone, own } = lastVacancyRemoved(github);

  const questions = acceptQuestions(page);
  const problems = await openCareers(page);
  await removeVacancy(page, gone, questions);
  await saveDraft(page);
  await expect(
    page.getByText(
      /^Saved\. The photos and files only the removed content used could not be checked on GitHub \(Server Error\), so they were kept\. Your next save of this draft, before you publish it, removes them\.$/,
    ),
  ).toBeVisible();

  // The change is saved; the photos stay, nothing is deleted on a guess.
  await expect.poll(() => github.hasBranch(DRAFT)).toBe(true);
  expect(careersOn(github, DRAFT)).toEqual({ ...before, vacancies: before.vacancies.slice(0, -1) });
  expect(github.lastCommitChanges(DRAFT)).toEqual([CAREERS]);
  for (const photo of own) expect(github.file(DRAFT, `${IMAGES}/${photo}`), photo).toBeDefined();

  // As the message says: GitHub answering again, the draft's next save removes them.
  recovered();
  const title = await firstTitle(page);
  const retitled = `${before.vacancies[0]!.title} (Amsterdam)`;
  await retype(page, title, retitled);
  await saveDraft(page);
  await expect.poll(() => careersOn(github, DRAFT).vacancies[0]!.title).toBe(retitled);
  expect(github.lastCommitChanges(DRAFT)).toEqual(
    [CAREERS, ...own.map((p) => `${IMAGES}/${p}`)].sort(),
  );

  expectNothingUnexpected(github, problems);
});

test("a photo a removed vacancy used stays while another draft in review names it", async ({
  page,
}) => {
  const github = await fakeGitHub(page, root);
  const { before, gone, own } = lastVacancyRemoved(github);
  expect(own.length).toBeGreaterThan(1);
  // A colleague's draft of Who we are gives a person one of the vacancy's photos.
  const [named, ...unnamed] = own as [string, ...string[]];
  const employees = JSON.parse(github.file(MAIN, "content/employees.json")!.toString("utf8")) as {
    employees: { image: string }[];
  };
  employees.employees[0]!.image = named;
  github.openDraft(
    "people/employees",
    "content/employees.json",
    `${JSON.stringify(employees, null, 2)}\n`,
  );

  const questions = acceptQuestions(page);
  const problems = await openCareers(page);
  await removeVacancy(page, gone, questions);
  await saveDraft(page);
  await expect.poll(() => github.hasBranch(DRAFT)).toBe(true);
  expect(careersOn(github, DRAFT)).toEqual({ ...before, vacancies: before.vacancies.slice(0, -1) });
  expect(github.lastCommitChanges(DRAFT)).toEqual(
    [CAREERS, ...unnamed.map((p) => `${IMAGES}/${p}`)].sort(),
  );
  expect(github.file(DRAFT, `${IMAGES}/${named}`)).toBeDefined();

  expectNothingUnexpected(github, problems);
});

test("a draft that removed photos is saved again after main moved on, and publishes both changes", async ({
  page,
}) => {
  const github = await fakeGitHub(page, root);
  const { before, gone, others, own } = lastVacancyRemoved(github);

  const questions = acceptQuestions(page);
  const problems = await openCareers(page);
  await removeVacancy(page, gone, questions);
  await saveDraft(page);
  await expect.poll(() => github.hasBranch(DRAFT)).toBe(true);

  // Meanwhile a colleague's change to Who we are is published.
  const employees = JSON.parse(github.file(MAIN, "content/employees.json")!.toString("utf8")) as {
    employees: { name: string }[];
  };
  employees.employees[0]!.name = `${employees.employees[0]!.name} Jr.`;
  const theirs = `${JSON.stringify(employees, null, 2)}\n`;
  github.commitToMain("content/employees.json", theirs);

  // The draft saved again: Decap moves it onto the new main (a rebase).
  const retitled = `${others[0]!.title} (Amsterdam)`;
  await retype(page, await firstTitle(page), retitled);
  await saveDraft(page);
  await expect.poll(() => careersOn(github, DRAFT).vacancies[0]!.title).toBe(retitled);
  expect(github.file(DRAFT, "content/employees.json")!.toString("utf8")).toBe(theirs);
  for (const photo of own) expect(github.file(DRAFT, `${IMAGES}/${photo}`), photo).toBeUndefined();

  await publishDraft(page, github);
  expect(careersOn(github, MAIN)).toEqual({
    ...before,
    vacancies: [{ ...others[0]!, title: retitled }, ...others.slice(1)],
  });
  expect(github.file(MAIN, "content/employees.json")!.toString("utf8")).toBe(theirs);
  for (const photo of own) expect(github.file(MAIN, `${IMAGES}/${photo}`), photo).toBeUndefined();

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
