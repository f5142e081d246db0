// Content that ends its JSON-LD element. A vacancy
// title `</script><script>…</script>` was written into the page head with
// JSON.stringify, became a script, and the server hashed it into the page's
// policy like every inline script it found. This builds the site from a copy
// of the content with such a title (scripts and content checks as `make build`
// runs them), serves the build with bin/site, and shows in Chromium that the
// injected code never runs while the title shows as text; and that a script
// which gets into a built page any other way is refused by the page's policy,
// which allows only the scripts the build declared.
import { readEntries } from "../lib/content-dir.mjs";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { makeSandbox } from "../e2e-editor/sandbox";

const run = promisify(execFile);
const hostileTitle =
  'Analyst</script><script>window.__pwned = "json-ld"</script><img src=x onerror="window.__pwned=\'img\'"> & <!-- \u2028';

let root = "";
let site: ChildProcess | undefined;
let origin = "";

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? res(address.port) : rej(new Error("no port")),
      );
    });
  });
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  root = makeSandbox();
  const first = readEntries("careers", join(root, "content"))[0];
  if (!first) throw new Error("content/careers/ has no vacancy");
  first.title = hostileTitle;
  writeFileSync(
    join(root, "content/careers", `${first.slug}.json`),
    JSON.stringify(first, null, 2),
  );
  const web = join(root, "web");
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" };
  await run("node", ["scripts/validate-content.mjs"], { cwd: web, env, timeout: 300_000 });
  await run("npm", ["run", "--silent", "media"], { cwd: web, env, timeout: 300_000 });
  await run("npx", ["astro", "build"], { cwd: web, env, timeout: 300_000, maxBuffer: 64 << 20 });
  // A script that reaches a built page some other way than the build.
  appendFileSync(
    join(web, "dist/privacy-statement/index.html"),
    `<script>window.__pwned = "appended"</script>`,
  );

  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const bin = process.env.SITE_BIN || resolve(import.meta.dirname, "../../bin/site");
  const dataDir = mkdtempSync(join(tmpdir(), "veldhaven-hostile-"));
  site = spawn(
    bin,
    ["-addr", `127.0.0.1:${port}`, "-data-dir", dataDir, "-site-dir", join(web, "dist")],
    {
      env: {
        ...process.env,
        LOG_LEVEL: "warn",
        LINKEDIN_ACCESS_TOKEN: "",
        LINKEDIN_ORGANIZATION_URN: "",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  await expect
    .poll(
      () =>
        fetch(`${origin}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 15_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  site?.kill("SIGTERM");
  if (root && process.env.KEEP_HOSTILE_SANDBOX !== "1")
    rmSync(root, { recursive: true, force: true });
});

/** Records CSP violations and dialogs the page raises. */
async function watch(page: Page) {
  const violations: string[] = [];
  const dialogs: string[] = [];
  await page.exposeFunction("__reportViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __reportViolation: (v: string) => void }).__reportViolation(
        `${e.effectiveDirective} ${e.blockedURI || "inline"} ${e.sample}`,
      ),
    );
  });
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { violations, dialogs };
}

test("a hostile vacancy title shows as text and runs nothing", async ({ page }) => {
  const { violations, dialogs } = await watch(page);
  const slug = readEntries("careers", join(root, "content"))[0]?.slug;
  if (!slug) throw new Error("content/careers/ has no vacancy");
  const response = await page.goto(`${origin}/careers/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("h1")).toContainText("Analyst</script><script>window.__pwned");
  await page.waitForLoadState("load");
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned),
  ).toBeUndefined();
  expect(dialogs).toEqual([]);
  // The page's own (declared) scripts were all allowed: nothing was refused.
  expect(violations).toEqual([]);
  // The JSON-LD still carries the title, unchanged, as data.
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) =>
      els.map((el) => JSON.parse(el.textContent ?? "null") as { title?: string }),
    );
  expect(jsonLd.map((d) => d.title)).toContain(hostileTitle);
  expect(
    await page.locator("head script:not([type]), head script[type='text/javascript']").count(),
  ).toBe(0);
});

test("a script that got into a built page is refused by its policy", async ({ page }) => {
  const { violations } = await watch(page);
  const response = await page.goto(`${origin}/privacy-statement`);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await page.waitForLoadState("load");
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned),
  ).toBeUndefined();
  await expect
    .poll(() => violations.some((v) => v.startsWith("script-src-elem inline")))
    .toBe(true);
});
