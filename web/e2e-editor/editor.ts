// What the editor's e2e tests share: the sandbox's files, the editor's page
// (sign-in, fields found by their labels, publishing), a watch on the console,
// and a rebuild of the site served by the sandbox's own binary.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { escapeRegExp } from "../e2e/fixtures";

/** The content files' shapes as the editor specs read them (content/schema has the whole). */
export interface Vacancy {
  /** The entry's file name without .json (as readEntries gives it; not in the file). */
  file: string;
  order: number;
  id: number;
  slug: string;
  title: string;
  office: string;
  datePosted: string;
  roleText: string;
  [key: string]: unknown;
}
export interface Employee {
  file: string;
  order: number;
  id: number;
  name: string;
  image: string;
  team: string[];
  teamShown?: string;
  location: string;
  [key: string]: unknown;
}

/** A person as the People list shows them (admin/groups.mjs's summary). */
export const listed = (person: Employee) =>
  `${person.name}, ${person.location}${person.teamShown ? ` – ${person.teamShown}` : ""}`;

/** The copy of the repository `make edit` runs in (playwright.editor.config.ts makes it). */
export function sandbox(): string {
  const root = process.env.EDITOR_SANDBOX;
  if (!root) throw new Error("EDITOR_SANDBOX is not set: run these tests with npm run e2e:editor");
  return root;
}

/** A path inside the sandbox ("content/careers.json"). */
export function inSandbox(path: string): string {
  return join(sandbox(), path);
}

/** A content file of the sandbox as it is on disk now. */
export function readContent<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(inSandbox(`content/${name}.json`), "utf8")) as T;
}

/** A folder's entries of the sandbox (content/careers/*.json) in their stored order. */
export function readEntries<T = Record<string, unknown>>(folder: string): T[] {
  const dir = inSandbox(`content/${folder}`);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({
      ...JSON.parse(readFileSync(join(dir, f), "utf8")),
      file: f.replace(/\.json$/, ""),
    }))
    .sort((a, b) => a.order - b.order) as T[];
}

/** One entry of a folder as it is on disk now ("careers", "asset-manager"). */
export function readEntry<T = Record<string, unknown>>(folder: string, name: string): T {
  return JSON.parse(readFileSync(inSandbox(`content/${folder}/${name}.json`), "utf8")) as T;
}

/**
 * Every test fails if the editor logged an error or a warning, threw, or was
 * refused something by its Content-Security-Policy (seen by the page itself:
 * a `securitypolicyviolation` event, whatever the console says), unless the
 * test lists it in `expectedProblems`.
 */
export const test = base.extend<{ consoleProblems: string[]; expectedProblems: RegExp[] }>({
  /** Problems a test expects, each with the reason where the test says so. */
  expectedProblems: [[], { option: true }],
  consoleProblems: [
    async ({ page, expectedProblems }, use) => {
      const problems: string[] = [];
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(
            `CSP violation: ${event.effectiveDirective} refused ${event.blockedURI || "inline"}`,
          );
        });
      });
      page.on("console", (msg) => {
        if (msg.type() === "error" || msg.type() === "warning") {
          problems.push(`${msg.type()}: ${msg.text()} (${msg.location().url})`);
        }
      });
      page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
      await use(problems);
      // One line per kind of problem, with a count: Decap repeats a refused request for every file.
      const counts = new Map<string, number>();
      for (const problem of problems) {
        if (expectedProblems.some((re) => re.test(problem))) continue;
        const kind = problem.replace(/blob:[^\s'")]+/g, "blob:…");
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
      }
      const summary = [...counts].map(([kind, n]) => (n > 1 ? `${kind} (${n} times)` : kind));
      expect(summary, "console errors, warnings or CSP violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Opens a page of a collection ("employees", "pages/entries/home") as a member
 * of staff does: the editor first (the local editor opens without signing in),
 * then the page once Decap shows its collections; sooner, Decap's own start
 * sends the page back to the first collection.
 */
export async function openCollection(page: Page, path: string) {
  await page.goto("/admin/");
  await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible();
  await page.goto(`/admin/#/collections/${path}`);
}

/** Opens an entry ready to edit. */
export async function openEntry(page: Page, collection: string, entry: string) {
  await openCollection(page, `${collection}/entries/${entry}`);
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
}

/** Opens a new entry of a folder's collection ("employees": a new person), ready to fill in. */
export async function newEntry(page: Page, collection: string) {
  await openCollection(page, `${collection}/new`);
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
}

/**
 * A list or object field by its label. Decap labels such a field with a
 * <label for> pointing at the field's box, which is no form control, so
 * getByLabel cannot find it: the box is looked up by the label's `for`.
 */
export async function fieldBox(page: Page, label: string): Promise<Locator> {
  const labels = page.locator("label").filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) });
  await expect(labels).toHaveCount(1);
  const id = await labels.getAttribute("for");
  expect(id, `the label "${label}" names its field`).toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

/**
 * Saves the open entry as the local editor names it (publish mode "simple":
 * Save, then Save now; Decap's "Publish" in the editor on the site).
 */
export async function publish(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByRole("menuitem", { name: "Save now" }).click();
}

/** Waits for Decap to report the entry saved. */
export async function expectSaved(page: Page) {
  await expect(page.getByText("Entry saved")).toBeVisible();
  await expect(page.getByText("Changes saved")).toBeVisible();
}

/** The requests the editor sends its backend (decap-server), by action ("persistEntry"). */
export function backendActions(page: Page): string[] {
  const actions: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/api/v1")) return;
    try {
      const body = JSON.parse(request.postData() ?? "{}") as { action?: string };
      if (body.action) actions.push(body.action);
    } catch {
      // Not the backend's JSON: not an action.
    }
  });
  return actions;
}

const run = promisify(execFile);

/**
 * `make build` in the sandbox: validation, media, the site and the binary that
 * embeds it. It gets up to 15 minutes on top of the test's own time (about one
 * on an idle machine: the media cache comes with the sandbox).
 */
export async function buildSite() {
  test.info().setTimeout(test.info().timeout + 900_000);
  try {
    await run("make", ["-C", sandbox(), "build"], {
      timeout: 900_000,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, LOG_LEVEL: "warn" },
    });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`make build failed in ${sandbox()}:\n${(stdout + stderr).slice(-6000)}`, {
      cause: error,
    });
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Serves the sandbox's freshly built site with its own binary on a free port,
 * runs `check` with its origin, and stops it again.
 */
export async function withBuiltSite(check: (origin: string) => Promise<void>) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "veldhaven-editor-site-"));
  const site = spawn(inSandbox("bin/site"), ["-addr", `127.0.0.1:${port}`, "-data-dir", dataDir], {
    env: { ...process.env, LOG_LEVEL: "warn", LINKEDIN_ACCESS_TOKEN: "" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => {
    site.once("exit", () => resolve());
    site.once("error", () => resolve());
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await expect
      .poll(
        async () => {
          if (site.exitCode !== null) throw new Error(`bin/site exited with ${site.exitCode}`);
          return fetch(`${origin}/healthz`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 15_000, message: "bin/site answers /healthz" },
      )
      .toBe(200);
    await check(origin);
  } finally {
    site.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A shown field by its label (folded list entries keep theirs hidden): the
 * field's whole container, its label, control, errors and hint.
 */
export async function shownField(page: Page, label: string): Promise<Locator> {
  const labels = page
    .locator("label:visible")
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) });
  await expect(labels).toHaveCount(1);
  // label < Decap's ControlTopbar < ControlContainer
  return labels.locator("xpath=../..");
}

/** A shown field's control by its label (folded list entries keep theirs hidden). */
export function shownControl(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: true }).locator("visible=true").first();
}

/** Opens the first vacancy (in stored order): that vacancy as its file has it, and the form. */
export async function openFirstVacancy(page: Page) {
  const vacancy = readEntries<Vacancy>("careers")[0]!;
  await openEntry(page, "vacancies", vacancy.file);
  return { vacancy, vacancies: page.locator("body") };
}

/** Picks a choice of a shown pick list (Decap's select) by the field's label and the choice's words. */
export async function chooseOption(page: Page, label: string, option: string) {
  await page
    .getByRole("combobox", { name: label, exact: true })
    .locator("visible=true")
    .first()
    .click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/**
 * With EDITING_SCREENSHOTS=1, saves what the page shows now as
 * docs/editing/<name> (1280 x 800, as the guide's pictures are), so the
 * guide's screenshots come from the states the tests check.
 */
export async function guideScreenshot(page: Page, name: string) {
  if (process.env.EDITING_SCREENSHOTS !== "1") return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(import.meta.dirname, "../../docs/editing", name) });
  if (size) await page.setViewportSize(size);
}
