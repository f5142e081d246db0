// make bench (through scripts/bench.sh, which installs wrk, nginx and Chromium):
// prints the figures docs/benchmarks.md records, as Markdown tables:
//   js         script bytes per page before any interaction and after the first press
//   lighthouse scores, LCP, TBT, CLS and transfer per page, with and without scripts
//   server     bin/site against nginx (gzip_static) on the same files, with wrk
//   resources  bin/site's peak RSS during `server`, and cold start
// It never fails on a number. Environment: BENCH_ONLY (a comma-separated subset),
// BENCH_SITE (another binary), BENCH_RUNS (Lighthouse runs a page, 3), BENCH_PAGES
// (paths instead of the page classes), BENCH_DURATION (wrk seconds, 10),
// BENCH_ROUNDS (2), BENCH_PORT_BASE (18100, and the four after it).
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { cpus, loadavg, release, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromiumFlags, systemChromium } from "../lib/chromium.mjs";

const ROOT = resolve(new URL("../..", import.meta.url).pathname);
const DIST = join(ROOT, "web/dist");
const env = process.env;
const SITE = env.BENCH_SITE ? resolve(env.BENCH_SITE) : join(ROOT, "bin/site");
const only = new Set((env.BENCH_ONLY || "js,lighthouse,server,resources").split(","));
const RUNS = Number(env.BENCH_RUNS || 3);
const DURATION = Number(env.BENCH_DURATION || 10);
const ROUNDS = Number(env.BENCH_ROUNDS || 2);
const PORT = Number(env.BENCH_PORT_BASE || 18100);
const UNKNOWN = "/bench-no-such-page";
const work = fs.mkdtempSync(join(tmpdir(), "veldhaven-bench-"));
const children = new Set();
let peakRSS = null;

process.on("exit", () => {
  for (const c of children) c.kill("SIGKILL");
  fs.rmSync(work, { recursive: true, force: true });
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => process.exit(130));

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const f = (v, digits = 0) =>
  v === null || v === undefined || Number.isNaN(v) ? "–" : v.toFixed(digits);
const kb = (bytes) => f(bytes === null ? null : bytes / 1000, 1);
const median = (values) => {
  const xs = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!xs.length) return null;
  const mid = xs.length >> 1;
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
};
const table = (head, rows) =>
  [head, head.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
const heading = (title) => console.log(`\n## ${title}\n\nload average at start: ${load()}\n`);

function start(cmd, args, stdout = "ignore") {
  const child = spawn(cmd, args, { stdio: ["ignore", stdout, "inherit"] });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  if ((await Promise.race([exited.then(() => true), sleep(5000)])) !== true) child.kill("SIGKILL");
}

/** The status of GET url, or null while nothing listens. */
const status = (url, headers) =>
  fetch(url, { headers }).then(
    async (r) => (await r.arrayBuffer(), r),
    () => null,
  );

async function waitFor(url, ms = 15000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(20)) {
    if ((await status(url))?.status === 200) return;
  }
  throw new Error(`${url} did not answer 200 within ${ms} ms`);
}

/** bin/site on port with an empty data folder; resolves once it answers /healthz. */
async function startSite(port, args = []) {
  const data = fs.mkdtempSync(join(work, "data-"));
  const site = start(SITE, ["-addr", `127.0.0.1:${port}`, "-data-dir", data, ...args]);
  await waitFor(`http://127.0.0.1:${port}/healthz`);
  return site;
}

/** The page classes, each by the first page of its kind the sitemap lists, or BENCH_PAGES. */
async function pages(base) {
  if (env.BENCH_PAGES) return env.BENCH_PAGES.split(",");
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const first = (dir) => paths.filter((p) => p.startsWith(`/${dir}/`)).sort()[0];
  const classes =
    "/ /what-we-do /who-we-are who-we-are /charity /latest-insights /governance /careers careers /contact /privacy-statement";
  return [...classes.split(" ").map((p) => (p.startsWith("/") ? p : first(p))), UNKNOWN].filter(
    Boolean,
  );
}

/** Script bytes transferred before any interaction and after a press on the open popup's heading, else main's h1. */
async function scriptBytes(browser, url, mobile) {
  const context = await browser.newContext({
    viewport: mobile ? { width: 412, height: 915 } : { width: 1280, height: 800 },
    isMobile: mobile,
    hasTouch: mobile,
  });
  const page = await context.newPage();
  const sizes = [];
  page.on("requestfinished", (req) => {
    if (req.resourceType() === "script")
      sizes.push(req.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
  });
  const settle = async (ms) => (await page.waitForLoadState("networkidle"), await sleep(ms));
  const sum = async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await page.goto(url, { waitUntil: "load" });
  await settle(3000);
  const before = await sum();
  const spot = await page.evaluate(() => {
    const r = document
      .querySelector("dialog[open] h1, dialog[open] h2, main h1")
      ?.getBoundingClientRect();
    return r && r.bottom > 0 && r.top < innerHeight
      ? { x: r.left + Math.min(r.width / 2, 40), y: r.top + r.height / 2 }
      : null;
  });
  if (spot && mobile) await page.touchscreen.tap(spot.x, spot.y);
  else if (spot) await page.mouse.click(spot.x, spot.y);
  if (spot) await settle(1000);
  const after = spot ? await sum() : null;
  await context.close();
  return [kb(before), kb(after)];
}

async function js() {
  heading("Script KB before any interaction and after the first press (budget 60 before)");
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: systemChromium(), args: chromiumFlags });
  const site = await startSite(PORT + 1, ["-log-level", "error"]);
  const base = `http://127.0.0.1:${PORT + 1}`;
  const rows = [];
  for (const path of await pages(base))
    rows.push([
      path,
      ...(await scriptBytes(browser, base + path, true)),
      ...(await scriptBytes(browser, base + path, false)),
    ]);
  await browser.close();
  await stop(site);
  console.log(
    table(["page", "412 px before", "after 1st press", "1280 px before", "after 1st press"], rows),
  );
}

async function lighthouse() {
  heading(`Lighthouse (mobile preset, simulated throttling), median of ${RUNS}`);
  const { default: run } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const { chromium } = await import("@playwright/test");
  const chromePath = systemChromium() ?? chromium.executablePath();
  const site = await startSite(PORT + 1, ["-log-level", "error"]);
  const base = `http://127.0.0.1:${PORT + 1}`;
  await status(`${base}/linkedin-api`);
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  const rows = [];
  for (const path of await pages(base)) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: chromiumFlags });
    // A 404 document is audited only with ignoreStatusCode.
    const audit = async (flags) =>
      (
        await run(base + path, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: categories,
          ignoreStatusCode: path === UNKNOWN,
          ...flags,
        })
      ).lhr;
    const runs = [];
    const blocked = [];
    let wide = null;
    try {
      // Interleaved, so that both see the same machine.
      for (let i = 0; i < RUNS; i++) {
        runs.push(await audit({}));
        blocked.push(await audit({ blockedUrlPatterns: ["*.js"] }));
      }
      wide = await audit({
        onlyCategories: ["accessibility"],
        formFactor: "desktop",
        screenEmulation: {
          mobile: false,
          width: 1280,
          height: 800,
          deviceScaleFactor: 1,
          disabled: false,
        },
        throttlingMethod: "provided",
      });
    } catch (err) {
      rows.push([path, `error: ${err.message.split("\n")[0]}`]);
      continue;
    } finally {
      await chrome.kill();
    }
    const score = (lhrs, c) => median(lhrs.map((l) => (l.categories[c]?.score ?? NaN) * 100));
    const audit_ = (id) => median(runs.map((l) => l.audits[id]?.numericValue ?? NaN));
    const [perf, a11y, bp, seo] = categories.map((c) => score(runs, c));
    const perfNoJs = score(blocked, "performance");
    rows.push([
      path,
      f(perf),
      f(a11y),
      f(score([wide], "accessibility")),
      f(bp),
      f(seo),
      f(perfNoJs),
      f(perf === null || perfNoJs === null ? null : perfNoJs - perf),
      f(audit_("largest-contentful-paint")),
      f(audit_("total-blocking-time")),
      f(audit_("cumulative-layout-shift"), 3),
      kb(audit_("total-byte-weight")),
      [
        loadavg()[0].toFixed(2),
        ...new Set(runs.map((l) => l.runtimeError?.code).filter(Boolean)),
      ].join(" "),
    ]);
  }
  await stop(site);
  console.log(
    table(
      [
        "page",
        "Perf",
        "A11y",
        "A11y 1280 px",
        "BP",
        "SEO",
        "Perf without JS",
        "scripts cost",
        "LCP ms",
        "TBT ms",
        "CLS",
        "transfer KB",
        "load, Lighthouse errors",
      ],
      rows,
    ),
  );
}

/** nginx serving web/dist as bin/site does: the 404 mapping, gzip_static, a buffered log and bin/site's own headers. */
function nginxConf(dir, port, documentHeaders, scriptHeaders) {
  const names = `content-security-policy x-content-type-options referrer-policy permissions-policy
    cross-origin-opener-policy cross-origin-resource-policy x-frame-options`.split(/\s+/);
  const headers = (h, cacheControl) =>
    [
      ...names
        .filter((n) => h.get(n))
        .map((n) => `add_header ${n} "${h.get(n).replace(/"/g, '\\"')}" always;`),
      `add_header Cache-Control "${cacheControl}" always;`,
    ].join(" ");
  const year = "public, max-age=31536000, immutable";
  return `${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes auto; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  types { text/html html; text/javascript js mjs; text/css css; application/json json map; application/xml xml;
    text/plain txt; image/svg+xml svg; image/avif avif; image/webp webp; image/jpeg jpg jpeg; image/png png;
    video/mp4 mp4; application/pdf pdf; font/woff2 woff2; }
  default_type application/octet-stream;
  charset utf-8; charset_types text/css text/javascript text/plain application/xml;
  access_log ${dir}/access.log combined buffer=64k flush=200ms;
  client_body_temp_path ${dir}/body;
  sendfile on; tcp_nopush on; keepalive_requests 10000000; server_tokens off;
  gzip off; gzip_static on; gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${DIST};
    error_page 404 /404.html;
    location = /404.html { internal; ${headers(documentHeaders, "no-cache")} }
    location = /404 { return 404; }
    location = / { try_files /index.html =404; ${headers(documentHeaders, "no-cache")} }
    location /_astro/ {
      try_files $uri =404; ${headers(scriptHeaders, year)}
      location ~* \\.svg$ { ${headers(documentHeaders, year)} }
    }
    location / { try_files $uri/index.html =404; ${headers(documentHeaders, "no-cache")} }
  }
}
`;
}

/** One wrk run: req/s and the p50 and p99 latencies in ms, from wrk's own --latency report. */
async function wrk(url, seconds = DURATION) {
  const child = start(
    "wrk",
    ["-t2", "-c64", `-d${seconds}s`, "--latency", "-H", "Accept-Encoding: gzip", url],
    "pipe",
  );
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  await new Promise((r) => child.on("exit", r));
  const ms = (p) => {
    const m = out.match(new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)`, "m"));
    return m ? Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]] : NaN;
  };
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN),
    p50: ms(50),
    p99: ms(99),
  };
}

async function server() {
  heading("bin/site against nginx on the same files (wrk)");
  const site = await startSite(PORT + 2);
  const siteBase = `http://127.0.0.1:${PORT + 2}`;
  const nginxBase = `http://127.0.0.1:${PORT + 3}`;
  const gz = { "accept-encoding": "gzip" };
  // The largest precompressed script of the build: a content-hashed asset.
  const size = (n) => fs.statSync(join(DIST, "_astro", `${n}.gz`)).size;
  const asset = `/_astro/${
    fs
      .readdirSync(join(DIST, "_astro"))
      .filter((n) => n.endsWith(".js") && fs.existsSync(join(DIST, "_astro", `${n}.gz`)))
      .sort((a, b) => size(b) - size(a))[0]
  }`;
  const dir = fs.mkdtempSync(join(work, "nginx-"));
  const conf = nginxConf(
    dir,
    PORT + 3,
    (await status(`${siteBase}/`, gz)).headers,
    (await status(siteBase + asset, gz)).headers,
  );
  fs.writeFileSync(join(dir, "nginx.conf"), conf);
  const nginxBin = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p)) ?? "nginx";
  const nginx = start(nginxBin, ["-p", dir, "-c", join(dir, "nginx.conf")]);
  await waitFor(`${nginxBase}/`);
  const targets = [
    ["(a) /", "/"],
    [`(b) ${asset}`, asset],
    [`(c) ${UNKNOWN}`, UNKNOWN],
  ];
  // Both answer the same bytes, or the race is not fair.
  for (const [label, path] of targets) {
    const [s, n] = await Promise.all([status(siteBase + path, gz), status(nginxBase + path, gz)]);
    if (
      s.status !== n.status ||
      s.headers.get("content-length") !== n.headers.get("content-length")
    )
      console.log(
        `warning: ${label}: bin/site ${s.status} ${s.headers.get("content-length")} B, nginx ${n.status} ${n.headers.get("content-length")} B`,
      );
  }
  await status(`${siteBase}/linkedin-api`);
  for (const base of [siteBase, nginxBase]) await wrk(`${base}/`, 2);
  const rows = [];
  let homeRps = null;
  for (const [label, path] of targets) {
    const runs = { site: [], nginx: [] };
    // Alternating, site first in even rounds, so that both meet the same machine.
    for (let round = 0; round < ROUNDS; round++)
      for (const who of round % 2 ? ["nginx", "site"] : ["site", "nginx"])
        runs[who].push(await wrk((who === "site" ? siteBase : nginxBase) + path));
    const [s, n] = ["site", "nginx"].map((who) =>
      Object.fromEntries(["rps", "p50", "p99"].map((k) => [k, median(runs[who].map((r) => r[k]))])),
    );
    homeRps ??= s.rps;
    rows.push([
      label,
      f(s.rps),
      `${f(s.p50, 2)} / ${f(s.p99, 2)}`,
      f(n.rps),
      `${f(n.p50, 2)} / ${f(n.p99, 2)}`,
      f(s.rps / n.rps, 2),
    ]);
  }
  const d = await wrk(`${siteBase}/linkedin-api`);
  rows.push([
    "(d) /linkedin-api, warm",
    f(d.rps),
    `${f(d.p50, 2)} / ${f(d.p99, 2)}`,
    "",
    "",
    `${f((100 * d.rps) / homeRps)}% of (a)`,
  ]);
  await stop(nginx);
  peakRSS =
    Number(fs.readFileSync(`/proc/${site.pid}/status`, "utf8").match(/^VmHWM:\s+(\d+)/m)?.[1]) *
    1024;
  await stop(site);
  console.log(
    table(
      [
        "target",
        "bin/site req/s",
        "p50 / p99 ms",
        "nginx req/s",
        "p50 / p99 ms",
        "bin/site / nginx",
      ],
      rows,
    ),
  );
  const version = spawnSync(nginxBin, ["-v"], { encoding: "utf8" }).stderr.trim();
  console.log(
    `\nwrk -t2 -c64 -d${DURATION}s --latency -H 'Accept-Encoding: gzip'; ${ROUNDS} rounds, medians; ${version}, ${cpus().length} CPUs shared with wrk.`,
  );
}

async function resources() {
  heading("Resources");
  const starts = [];
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    const child = start(SITE, [
      "-addr",
      `127.0.0.1:${PORT + 4}`,
      "-data-dir",
      fs.mkdtempSync(join(work, "cold-")),
      "-log-level",
      "error",
    ]);
    while (
      (await status(`http://127.0.0.1:${PORT + 4}/healthz`))?.status !== 200 &&
      child.exitCode === null
    )
      await sleep(1);
    starts.push(performance.now() - t0);
    await stop(child);
  }
  console.log(
    table(
      ["resource", "value"],
      [
        [
          "bin/site peak RSS during the wrk runs (VmHWM)",
          peakRSS ? `${f(peakRSS / 1048576, 1)} MB` : "(server not run)",
        ],
        ["cold start to the first 200 on /healthz, median of 9", `${f(median(starts), 1)} ms`],
      ],
    ),
  );
}

async function main() {
  const commit = spawnSync("git", ["-C", ROOT, "log", "-1", "--format=%h %s"], {
    encoding: "utf8",
  }).stdout.trim();
  console.log(
    `# make bench\n\n${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model}, Linux ${release()}, Node ${process.version}; ${commit}`,
  );
  if (!fs.existsSync(SITE) || !fs.existsSync(join(DIST, "index.html")))
    throw new Error(`no build: run make build (or set BENCH_SITE)`);
  if (only.has("js")) await js();
  if (only.has("lighthouse")) await lighthouse();
  if (only.has("server")) await server();
  if (only.has("resources")) await resources();
  console.log(`\nload average at the end: ${load()}`);
}

main().catch((err) => {
  console.error(`bench: ${err.stack ?? err}`);
  process.exitCode = 1;
});
