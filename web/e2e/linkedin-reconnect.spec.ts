// A page admin reconnects the feed from /admin/linkedin (internal/linkedinauth)
// in Chromium: the real binary, with the app's credentials and a token
// LinkedIn refuses as expired, against cmd/fakelinkedin's authorization page
// and token endpoint (LinkedIn's documented authorization code flow). Then:
// the token survives a restart, sealed; a member who is not a page admin
// changes nothing; a callback that did not start in this browser makes no
// exchange; a web replica shows the owner's page. Every state of the page
// passes axe and the W3C Nu checker. Ports: E2E_PORT + 30 (the feed owner),
// + 31 (the fake LinkedIn) and + 32 (a web replica).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, Response } from "@playwright/test";
import { checkHtml } from "../scripts/check-html.mjs";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { stopProcess, waitUp } from "./processes";

const e2ePort = Number(process.env.E2E_PORT || 4173);
const ownerPort = e2ePort + 30;
const fakePort = e2ePort + 31;
const replicaPort = e2ePort + 32;
const owner = `http://127.0.0.1:${ownerPort}`;
const fake = `http://127.0.0.1:${fakePort}`;
const replica = `http://127.0.0.1:${replicaPort}`;
const pagePath = "/admin/linkedin";
const callbackPath = "/admin/linkedin/callback";
const sealedFile = "linkedin-token.sealed";
/** The fake hands a page admin tokens that start so (internal/fakelinkedin). */
const adminTokenPrefix = "fake-page-admin-";

/** The calls the fake counted, by route (GET /_fake/calls). */
async function fakeCalls(): Promise<Record<string, number>> {
  return (await fetch(`${fake}/_fake/calls`)).json();
}

interface Status {
  works: boolean;
  message: string;
}

async function status(origin = owner): Promise<Status> {
  return (await fetch(`${origin}${pagePath}/status`)).json();
}

/** The connection's expiry as the page says it (the status JSON says none); null while unknown. */
async function expiresAt(origin = owner): Promise<string | null> {
  const html = await (await fetch(`${origin}${pagePath}`)).text();
  const said = /<dt>Connection expires<\/dt><dd[^>]*>([^<(]*)/.exec(html)?.[1]?.trim();
  return !said || said.startsWith("Unknown") ? null : said;
}

/** The site's environment without any LinkedIn setting of the runner's own. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("LINKEDIN_") && k !== "FEED_URL"),
  );
}

/** Every file under dir, as text, for a search for a secret. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

/** The next response of the callback, the document the browser shows after LinkedIn. */
function callbackResponse(page: Page): Promise<Response> {
  return page.waitForResponse((r) => new URL(r.url()).pathname === callbackPath);
}

const connection = (page: Page) => page.locator("#connection");
const result = (page: Page) => page.locator("#result");
const reconnectLink = (page: Page) => page.getByRole("link", { name: "Reconnect LinkedIn" });

test.describe("reconnecting LinkedIn from /admin/linkedin", () => {
  test.describe.configure({ mode: "serial" });
  // The refusals answer 403 and 400: Chromium logs those documents as failed loads.
  test.use({ expectedFailedRequests: [/\/admin\/linkedin\/callback\?/] });

  const procs: ChildProcess[] = [];
  let ownerProc: ChildProcess | undefined;
  let work = "";
  let dataDir = "";
  let htmlDir = "";
  const tokenKey = randomBytes(32).toString("base64");

  /** Keeps html (as the server sent it) for the Nu checker at the end. */
  function keepHtml(name: string, html: string) {
    writeFileSync(join(htmlDir, `${name}.html`), html);
  }

  function startOwner(): ChildProcess {
    const site = process.env.SITE_DIR ? ["-site-dir", process.env.SITE_DIR] : [];
    return spawn(
      process.env.SITE_BIN || "../bin/site",
      ["-addr", `127.0.0.1:${ownerPort}`, "-data-dir", dataDir, ...site],
      {
        env: {
          ...cleanEnv(),
          SITE_URL: owner,
          // LinkedIn answers this token 401 EXPIRED_ACCESS_TOKEN (the fake's -token is another).
          LINKEDIN_ACCESS_TOKEN: "e2e-expired-token",
          LINKEDIN_ORGANIZATION_URN: "urn:li:organization:1",
          LINKEDIN_API_BASE: fake,
          LINKEDIN_MEDIA_ORIGINS: fake,
          LINKEDIN_CLIENT_ID: "e2e-client",
          LINKEDIN_CLIENT_SECRET: "e2e-client-secret",
          LINKEDIN_TOKEN_KEY: tokenKey,
          LINKEDIN_AUTH_URL: `${fake}/oauth/v2/authorization`,
          LINKEDIN_TOKEN_URL: `${fake}/oauth/v2/accessToken`,
          LOG_LEVEL: "error",
        },
        stdio: "ignore",
      },
    );
  }

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    work = mkdtempSync(join(tmpdir(), "veldhaven-e2e-reconnect-"));
    dataDir = mkdtempSync(join(work, "data-"));
    htmlDir = mkdtempSync(join(work, "html-"));
    // The fake from this checkout, into a folder of this spec's own (go build caches it).
    const fakeBin = join(work, "fakelinkedin");
    execFileSync(process.env.GO || "go", ["build", "-o", fakeBin, "../cmd/fakelinkedin"], {
      stdio: "inherit",
    });
    procs.push(
      spawn(
        fakeBin,
        [
          "-addr",
          `127.0.0.1:${fakePort}`,
          "-token",
          "e2e-a-token-the-site-does-not-have",
          "-client-id",
          "e2e-client",
          "-client-secret",
          "e2e-client-secret",
          "-redirect-uri",
          `${owner}${callbackPath}`,
        ],
        { stdio: "ignore" },
      ),
    );
    await waitUp(`${fake}/healthz`);
    ownerProc = startOwner();
    await waitUp(`${owner}/healthz`);
  });

  test.afterAll(async () => {
    for (const p of [ownerProc, ...procs]) if (p) await stopProcess(p);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test("with an expired token, the page says in plain words that the feed does not work", async ({
    page,
  }) => {
    await expect.poll(async () => (await status()).works, { timeout: 15_000 }).toBe(false);
    expect((await fetch(`${owner}/linkedin-api`)).status).toBe(502);
    const res = await page.goto(`${owner}${pagePath}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("LinkedIn connection");
    await expect(connection(page)).toContainText("Not working");
    await expect(connection(page)).toContainText("expired or was withdrawn");
    await expect(connection(page)).toContainText("Connection expires");
    await expect(reconnectLink(page)).toBeVisible();
    keepHtml("1-expired", (await res?.text()) ?? "");
    await expectNoAxeViolations(page);
    // On a phone the page's long names wrap: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  test("a page admin reconnects; the feed comes back", async ({ page }) => {
    const before = await fakeCalls();
    await page.goto(`${owner}${pagePath}`);
    await reconnectLink(page).click();
    // LinkedIn's authorization page (the fake's), asked for the feed's scope.
    await expect(page).toHaveURL(
      (u) =>
        u.origin === fake &&
        u.searchParams.get("scope") === "r_organization_social r_organization_admin",
    );
    const back = callbackResponse(page);
    await page.getByRole("link", { name: "Sign in and allow as a page admin" }).click();
    const res = await back;
    expect(res.status()).toBe(200);
    await expect(result(page).getByRole("heading")).toHaveText("LinkedIn reconnected");
    await expect(result(page)).toHaveAttribute("role", "status");
    await expect(connection(page)).toContainText("Working");
    await expect(connection(page)).toContainText(/\(in (59|60) days\)/);
    expect((await fakeCalls()).exchange).toBe(before.exchange! + 1);
    keepHtml("2-reconnected", await res.text());
    await expectNoAxeViolations(page);

    // The feed endpoint answers posts again, fresh.
    await expect
      .poll(async () => (await fetch(`${owner}/linkedin-api`)).status, { timeout: 15_000 })
      .toBe(200);
    const feed = await fetch(`${owner}/linkedin-api`);
    expect(feed.headers.get("x-feed-stale")).toBeNull();
    const body = (await feed.json()) as { elements: unknown[] };
    expect(body.elements.length).toBeGreaterThan(0);
    await page.goto(`${owner}${pagePath}`);
    await expect(connection(page)).toContainText("Working");
    await expect(connection(page)).not.toContainText("Never");
  });

  test("Tab reaches Reconnect LinkedIn and Enter starts it; a member who is not a page admin is refused with the reason and changes nothing", async ({
    page,
  }) => {
    const sealed = readFileSync(join(dataDir, sealedFile));
    const expiryBefore = await expiresAt();
    const before = await fakeCalls();
    await page.goto(`${owner}${pagePath}`);
    const link = reconnectLink(page);
    for (let i = 0; i < 8 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(link).toBeFocused();
    // The focus is drawn: a solid outline, not the browser's default alone.
    expect(await link.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL((u) => u.origin === fake);
    const back = callbackResponse(page);
    await page
      .getByRole("link", { name: "Sign in and allow as a member who is not a page admin" })
      .click();
    const res = await back;
    expect(res.status()).toBe(403);
    await expect(result(page)).toHaveAttribute("role", "alert");
    await expect(result(page).getByRole("heading")).toHaveText("Not reconnected: not a page admin");
    await expect(result(page)).toContainText("is not an admin of the firm's page");
    await expect(result(page)).toContainText("Nothing was changed");
    await expect(connection(page)).toContainText("Working");
    keepHtml("3-not-page-admin", await res.text());
    await expectNoAxeViolations(page);

    // The code was exchanged and checked, and nothing changed: the sealed
    // token, its expiry, the feed.
    expect((await fakeCalls()).exchange).toBe(before.exchange! + 1);
    expect(readFileSync(join(dataDir, sealedFile)).equals(sealed)).toBe(true);
    const after = await status();
    expect(after.works).toBe(true);
    expect(await expiresAt()).toBe(expiryBefore);
    expect((await fetch(`${owner}/linkedin-api`)).status).toBe(200);
  });

  test("a callback that did not start in this browser makes no exchange", async ({
    page,
    browser,
  }) => {
    // A real code and state, from a flow started in one browser...
    await page.goto(`${owner}${pagePath}`);
    await reconnectLink(page).click();
    await expect(page).toHaveURL((u) => u.origin === fake);
    const allow = await page
      .getByRole("link", { name: "Sign in and allow as a page admin" })
      .getAttribute("href");
    const decided = await fetch(new URL(allow!, fake), { redirect: "manual" });
    const forged = decided.headers.get("location")!;
    expect(new URL(forged).pathname).toBe(callbackPath);
    expect(new URL(forged).searchParams.get("code")).toBeTruthy();
    const sealed = readFileSync(join(dataDir, sealedFile));
    const before = await fakeCalls();

    // ...opened in another: one with no flow of its own, and one whose flow is another.
    const other = await browser.newContext();
    try {
      const victim = await other.newPage();
      const res = await victim.goto(forged);
      expect(res?.status()).toBe(400);
      await expect(victim.locator("#result").getByRole("heading")).toHaveText("Not reconnected");
      await expect(victim.locator("#result")).toContainText("did not start in this browser");
      keepHtml("4-forged-callback", (await res?.text()) ?? "");
      await expectNoAxeViolations(victim);

      await victim.goto(`${owner}/admin/linkedin/connect`);
      await expect(victim).toHaveURL((u) => u.origin === fake);
      expect((await victim.goto(forged))?.status()).toBe(400);
      await expect(victim.locator("#result")).toContainText("did not start in this browser");
    } finally {
      await other.close();
    }
    expect((await fakeCalls()).exchange).toBe(before.exchange);
    expect(readFileSync(join(dataDir, sealedFile)).equals(sealed)).toBe(true);
  });

  test("the token survives a restart of the site and is not stored in plain text", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const expiryBefore = await expiresAt();
    expect(expiryBefore).not.toBeNull();
    await stopProcess(ownerProc!);
    ownerProc = startOwner();
    await waitUp(`${owner}/healthz`);
    // The environment still has the expired token (its expiry unknown): the
    // sealed one is in use, with its expiry, and reads the page.
    const after = await status();
    expect(await expiresAt()).toBe(expiryBefore);
    expect(after.works).toBe(true);
    const feed = await fetch(`${owner}/linkedin-api`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("x-feed-stale")).toBeNull();
    const res = await page.goto(`${owner}${pagePath}`);
    await expect(connection(page)).not.toContainText("Not working");
    await expect(connection(page)).toContainText(/\(in (59|60) days\)/);
    keepHtml("5-after-restart", (await res?.text()) ?? "");
    await expectNoAxeViolations(page);

    // Sealed (VLT1, AES-GCM), readable by the site's user only, and no file
    // of the data dir holds the token or its JSON in plain text.
    const path = join(dataDir, sealedFile);
    const raw = readFileSync(path);
    expect(raw.subarray(0, 4).toString()).toBe("VLT1");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    for (const file of filesUnder(dataDir)) {
      const text = readFileSync(file).toString("latin1");
      expect(text, file).not.toContain(adminTokenPrefix);
      expect(text, file).not.toContain("accessToken");
    }
  });

  test("a web replica shows the owner's page", async ({ page }) => {
    const replicaData = mkdtempSync(join(work, "replica-"));
    const site = process.env.SITE_DIR ? ["-site-dir", process.env.SITE_DIR] : [];
    procs.push(
      spawn(
        process.env.SITE_BIN || "../bin/site",
        ["-addr", `127.0.0.1:${replicaPort}`, "-data-dir", replicaData, ...site],
        {
          env: { ...cleanEnv(), SITE_URL: owner, FEED_URL: owner, LOG_LEVEL: "error" },
          stdio: "ignore",
        },
      ),
    );
    await waitUp(`${replica}/healthz`);
    await page.goto(`${owner}${pagePath}`);
    const ownerText = (await connection(page).textContent()) ?? "";
    const res = await page.goto(`${replica}${pagePath}`);
    expect(res?.status()).toBe(200);
    // The owner's page, under the owner's policy (its style by hash, no script).
    expect(res?.headers()["content-security-policy"]).toContain("style-src 'sha256-");
    await expect(connection(page)).toHaveText(ownerText);
    await expect(reconnectLink(page)).toHaveAttribute("href", "/admin/linkedin/connect");
    expect(await status(replica)).toEqual(await status(owner));
    keepHtml("6-replica", (await res?.text()) ?? "");
    await expectNoAxeViolations(page);
  });

  test("every state's HTML is valid (W3C Nu checker)", () => {
    test.setTimeout(120_000);
    const files = readdirSync(htmlDir).map((name) => join(htmlDir, name));
    expect(files).toHaveLength(6);
    for (const file of files) expect(readFileSync(file, "utf8"), file).toContain("<!DOCTYPE html>");
    expect(checkHtml(files, htmlDir)).toEqual([]);
  });
});
