// The real binary against cmd/fakelinkedin, a LinkedIn built from its
// documented shapes, configured with a LinkedIn-Version the fake has
// retired (426 NONEXISTENT_VERSION): the feed keeps running on a served
// version, /metrics says which, and the cards show what LinkedIn answered
// (the repost through GET /rest/posts/{urn}, the poll, a video over the size
// limit as its thumbnail). Ports: E2E_FAKE_PORT, E2E_FAKE_SITE_PORT and
// E2E_FAKE_METRICS_PORT (the site's private /metrics address), by default
// E2E_PORT + 21, + 20 and + 22.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { waitUp } from "./processes";

const e2ePort = Number(process.env.E2E_PORT || 4173);
const sitePort = Number(process.env.E2E_FAKE_SITE_PORT || e2ePort + 20);
const fakePort = Number(process.env.E2E_FAKE_PORT || e2ePort + 21);
const metricsPort = Number(process.env.E2E_FAKE_METRICS_PORT || e2ePort + 22);
const base = `http://127.0.0.1:${sitePort}`;
const cards = (page: Page) => page.getByRole("main").getByRole("article");

test.describe("against a LinkedIn that retired the configured version", () => {
  test.describe.configure({ mode: "serial" });
  const procs: ChildProcess[] = [];
  let dataDir = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // The fake is built like the site, from this checkout (go build caches it).
    execFileSync(
      process.env.GO || "go",
      ["build", "-o", "../bin/fakelinkedin", "../cmd/fakelinkedin"],
      {
        stdio: "inherit",
      },
    );
    procs.push(
      spawn("../bin/fakelinkedin", ["-addr", `127.0.0.1:${fakePort}`], { stdio: "ignore" }),
    );
    await waitUp(`http://127.0.0.1:${fakePort}/healthz`);
    dataDir = mkdtempSync(join(tmpdir(), "veldhaven-e2e-fake-linkedin-"));
    const site = process.env.SITE_DIR ? ["-site-dir", process.env.SITE_DIR] : [];
    procs.push(
      spawn(
        process.env.SITE_BIN || "../bin/site",
        [
          "-addr",
          `127.0.0.1:${sitePort}`,
          "-metrics-addr",
          `127.0.0.1:${metricsPort}`,
          "-data-dir",
          dataDir,
          ...site,
        ],
        {
          env: {
            ...process.env,
            LINKEDIN_ACCESS_TOKEN: "e2e-token",
            LINKEDIN_ORGANIZATION_URN: "urn:li:organization:1",
            LINKEDIN_API_BASE: `http://127.0.0.1:${fakePort}`,
            // The fake is its own media host, on loopback: named literally.
            LINKEDIN_MEDIA_ORIGINS: `http://127.0.0.1:${fakePort}`,
            // Retired: the fake serves the last twelve months only.
            LINKEDIN_VERSION: "202401",
            LOG_LEVEL: "error",
          },
          stdio: "ignore",
        },
      ),
    );
    await waitUp(`${base}/healthz`);
  });

  test.afterAll(() => {
    for (const p of procs) p.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("the feed keeps running on a served version, and /metrics says which", async ({
    request,
  }) => {
    const feed = await request.get(`${base}/linkedin-api`);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["x-feed-stale"]).toBeUndefined();
    // /metrics is served on its private address only (SECURITY.md).
    const metrics = await (await request.get(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const info =
      /veldhaven_insights_linkedin_version_info\{configured="202401",in_use="(\d{6})"\} 1/.exec(
        metrics,
      );
    expect(info?.[1]).toBeDefined();
    expect(info?.[1]).not.toBe("202401");
    // 202401's year ended on 2025-01-01: the countdown is negative.
    expect(metrics).toMatch(
      /veldhaven_insights_linkedin_version_days_left\{version="202401"\} -\d+/,
    );
  });

  test("the cards show what LinkedIn answered, newest first", async ({ page }) => {
    await page.goto(`${base}/latest-insights`);
    await waitForHydration(page);
    await expect(cards(page)).toHaveCount(3);
    await expect(cards(page).first()).toContainText("Acquisition of Keizershof");
    // A video over the site's media size limit: its thumbnail, no player.
    const scheduled = cards(page).nth(2);
    await expect(scheduled.getByRole("img", { name: "Student housing tour" })).toHaveAttribute(
      "src",
      /^\/linkedin-api\/media\/thumb-/,
    );
    await expect(scheduled.locator("video")).toHaveCount(0);
    await page.getByRole("button", { name: "More articles" }).click();
    await expect(cards(page)).toHaveCount(6);
    await expect(cards(page).nth(3).getByText("Poll", { exact: true })).toBeVisible();
    const repost = cards(page).nth(4);
    await expect(repost.getByText("Reposted", { exact: true })).toBeVisible();
    await expect(repost.locator("blockquote")).toContainText("A new study hall opens");
    await expect(cards(page).nth(5)).toContainText(
      "LinkedIn does not let us show the reposted post here.",
    );
    await expectNoAxeViolations(page);
  });
});
