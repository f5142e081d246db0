// The editor served with the GitHub backend (CMS_GITHUB_*), as in production,
// shows "View Preview" on a change in review and links it to the page the
// entry is on, on the preview deployment the pull request's commit status
// names (.github/workflows/preview.yml posts it; docs/editing.md shows it).
// GitHub is a fake built from its documented shapes (./github-fake.ts);
// bin/site is started with the GitHub backend on a port of its own (./github-site.ts).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { fakeGitHub, type FakeStatus } from "./github-fake";
import { startGitHubSite, type GitHubSite } from "./github-site";

const root = resolve(import.meta.dirname, "../..");
// The one definition of the status context (internal/editor/config.go).
const previewContext = readFileSync(join(root, "internal/editor/config.go"), "utf8").match(
  /const PreviewContext = "([^"]+)"/,
)![1]!;

let site: GitHubSite;
let origin: string;

test.describe.configure({ mode: "serial" });
// Each test loads the whole editor (Decap's bundle): 25 s alone on two busy
// cores, past the suite's 30 s default with a publication on top.
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  site = await startGitHubSite(root, 1);
  origin = site.origin;
});

test.afterAll(() => {
  site?.stop();
});

const previewURL = "https://pr-7.preview.veldhaven.eu";

/** The careers file as the pull request changes it: its welcome heading retitled. */
function changedCareers(): string {
  const careers = JSON.parse(readFileSync(join(root, "content/careers.json"), "utf8"));
  careers.page.welcome.heading = `${careers.page.welcome.heading} (Amsterdam)`;
  return `${JSON.stringify(careers, null, 2)}\n`;
}

test("the editor's configuration names the preview's status, the site and a page for every entry", async ({
  request,
}) => {
  const res = await request.get(`${origin}/admin/config.yml`);
  expect(res.status()).toBe(200);
  const config = await res.json();
  expect(config.backend).toMatchObject({ name: "github", preview_context: previewContext });
  expect(config.show_preview_links).toBe(true);
  expect(config.site_url).toBe("https://www.veldhaven.eu");
  for (const collection of config.collections) {
    // A folder's collection (one entry per file) has one preview_path for its entries.
    for (const file of collection.files ?? [collection]) {
      expect(file.preview_path, `${collection.name}/${file.name}`).toMatch(/^\//);
    }
  }
});

for (const [state, label] of [
  ["pending", "Check for Preview"],
  ["success", "View Preview"],
] as const) {
  test(`a change in review with a ${state} preview shows ${label}`, async ({ page }) => {
    const statuses: FakeStatus[] = [
      // Another service's status on the same commit: the editor must not take it.
      {
        context: "ci/other",
        state: "success",
        target_url: "https://elsewhere.example/build/1",
        description: "Another status",
      },
      {
        context: previewContext,
        state,
        target_url:
          state === "success" ? previewURL : "https://github.com/veldhaven/site/actions/runs/1",
        description: state === "success" ? "Preview of this change" : "Building the preview",
      },
    ];
    const github = await fakeGitHub(page, root, changedCareers(), statuses);
    await page.addInitScript(() => {
      localStorage.setItem(
        "decap-cms-user",
        JSON.stringify({ token: "fake-token", backendName: "github", login: "anna-de-vries" }),
      );
    });
    const problems: string[] = [];
    page.on("pageerror", (err) => problems.push(err.message));

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${origin}/admin/#/collections/careers/entries/careers`);
    // The change in review is what opens: its status and its changed title.
    await expect(page.getByText("In review", { exact: false }).first()).toBeVisible({
      timeout: 30_000,
    });
    if (state === "success") {
      const link = page.getByRole("link", { name: "View Preview" });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", `${previewURL}/careers`);
      await expect(link).toHaveAttribute("target", "_blank");
      if (process.env.DOCS_SCREENSHOTS) {
        // docs/editing.md's picture: DOCS_SCREENSHOTS=1 npx playwright test e2e/editor-preview.spec.ts
        // The top of the editor: the change's state, Publish, and the link.
        await expect(
          page
            .locator("iframe")
            .first()
            .contentFrame()
            .getByRole("heading", { name: "Careers", level: 1 }),
        ).toBeVisible();
        await page.screenshot({
          path: join(root, "docs/editing/preview-link.png"),
          clip: { x: 0, y: 0, width: 1280, height: 330 },
        });
      }
    } else {
      await expect(page.getByRole("button", { name: "Check for Preview" })).toBeVisible();
      await expect(page.getByRole("link", { name: "View Preview" })).toHaveCount(0);
    }
    expect(github.unknown, "requests the fake GitHub could not answer").toEqual([]);
    expect(problems).toEqual([]);
  });
}

// The one definition of the release's status context (internal/editor/config.go).
const liveContext = readFileSync(join(root, "internal/editor/config.go"), "utf8").match(
  /const LiveContext = "([^"]+)"/,
)![1]!;

for (const outcome of ["success", "failure"] as const) {
  test(`after Publish the editor says when the release is ${outcome === "success" ? "live" : "refused"}`, async ({
    page,
  }) => {
    const github = await fakeGitHub(page, root, changedCareers());
    await page.addInitScript(() => {
      localStorage.setItem(
        "decap-cms-user",
        JSON.stringify({ token: "fake-token", backendName: "github", login: "anna-de-vries" }),
      );
    });
    const problems: string[] = [];
    page.on("pageerror", (err) => problems.push(err.message));
    // Decap asks before it publishes.
    page.on("dialog", (dialog) => void dialog.accept());
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${origin}/admin/#/collections/careers/entries/careers`);
    await page.getByRole("button", { name: /^Status: / }).click({ timeout: 30_000 });
    await page.getByRole("menuitem", { name: "Ready" }).click();
    await expect(page.getByRole("button", { name: "Status: Ready" })).toBeVisible({
      timeout: 15_000,
    });
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("menuitem", { name: "Publish now" }).click();

    const banner = page.getByRole("status", { name: "Publishing" });
    await expect(banner).toHaveText(/^Publishing: the site is being checked and built/, {
      timeout: 15_000,
    });
    // On screen, not under Decap's fixed toolbars.
    const uncovered = () =>
      banner.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return r.bottom <= innerHeight && r.right <= innerWidth && !!hit && el.contains(hit);
      });
    expect(await uncovered()).toBe(true);
    // Another service's status on the published commit says nothing about the release.
    const other = {
      context: "ci/other",
      state: "success",
      target_url: "https://elsewhere.example/build/1",
      description: "Another status",
    } as const;
    github.setStatuses("main", [
      other,
      { context: liveContext, state: "pending", target_url: "", description: "Deploying" },
    ]);
    await expect(banner).toHaveText("Publishing: the new version is going live.", {
      timeout: 15_000,
    });
    if (outcome === "success") {
      github.setStatuses("main", [
        other,
        {
          context: liveContext,
          state: "success",
          target_url: "https://www.veldhaven.eu",
          description: "Live",
        },
      ]);
      await expect(banner).toContainText("Published: your change is live on the site.", {
        timeout: 15_000,
      });
      await page.setViewportSize({ width: 375, height: 700 });
      expect(await uncovered()).toBe(true);
      await expect(banner.getByRole("link", { name: "View the site" })).toHaveAttribute(
        "href",
        "https://www.veldhaven.eu",
      );
    } else {
      github.setStatuses("main", [
        other,
        {
          context: liveContext,
          state: "failure",
          target_url: "",
          description: "Rolled back, /careers answered 500; the site is as before",
        },
      ]);
      await expect(banner).toHaveText(
        "Not published. The release says: Rolled back, /careers answered 500; the site is as before.",
        { timeout: 15_000 },
      );
    }
    expect(github.unknown, "requests the fake GitHub could not answer").toEqual([]);
    expect(problems).toEqual([]);
  });
}
