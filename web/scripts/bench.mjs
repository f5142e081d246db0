// make bench (through scripts/bench.sh, which installs wrk, nginx and Chromium):
// builds the site, then prints as tables
//   0. `make build` time on a warm npm (and media) cache,
//   1. Lighthouse (mobile preset, simulated throttling) for every page class, median of 3,
//      each page with its scripts and with every *.js blocked (what the scripts cost),
//      and its accessibility at 1280 px,
//   2. the script bytes each page class transfers before any interaction, in Chromium
//      at 412 px and at 1280 px (load, network idle, 3 s, no scrolling), and after
//      the first (a press on the first heading),
//   3. bin/site against nginx (gzip_static) on the same files, with wrk,
//   4. bin/site's peak RSS during 3, binary size and cold start.
// A benchmark: it prints figures and never fails on one.
//
// Environment: BENCH_ONLY=build,js,lighthouse,server,resources (a subset),
// BENCH_SKIP_BUILD=1 (use the existing build), BENCH_SITE (another binary to
// measure, e.g. an older build's, for before/after), BENCH_RUNS (Lighthouse runs per
// page, 3), BENCH_PAGES (comma-separated paths instead of the page classes),
// BENCH_DURATION (wrk seconds, 10), BENCH_ROUNDS (site/nginx rounds, 2),
// BENCH_PORT_BASE (18100: uses the next four ports), CHROME_PATH.
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:http";
import { cpus, loadavg, tmpdir, hostname, release } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { chromiumFlags, systemChromium } from "./chromium.mjs";
import { fmt, kb, mark, median, parseWrk, table } from "./bench/lib.mjs";

const ROOT = resolve(new URL("../..", import.meta.url).pathname);
const CLIENT = join(ROOT, "web/dist");
const env = process.env;
const SITE = env.BENCH_SITE ? resolve(env.BENCH_SITE) : join(ROOT, "bin/site");
const sections = new Set((env.BENCH_ONLY || "build,js,lighthouse,server,resources").split(","));
const RUNS = Number(env.BENCH_RUNS || 3);
const DURATION = Number(env.BENCH_DURATION || 10);
const ROUNDS = Number(env.BENCH_ROUNDS || 2);
const PORT_BASE = Number(env.BENCH_PORT_BASE || 18100);
const PORTS = {
  lighthouse: PORT_BASE + 1,
  site: PORT_BASE + 2,
  nginx: PORT_BASE + 3,
  cold: PORT_BASE + 4,
};
const UNKNOWN = "/bench-no-such-page";

const work = mkdtempSync(join(tmpdir(), "veldhaven-bench-"));
const children = new Set();
const results = {};

function load() {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
}

function heading(title) {
  console.log(`\n## ${title}\n\nload average (1/5/15 min) at start: ${load()}\n`);
}

function note(text) {
  console.log(`\n${text}`);
}

// ---------------------------------------------------------------- processes

function start(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: ["ignore", opts.stdout ?? "ignore", "pipe"], ...opts });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
  child.stderrText = () => stderr;
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(5000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

function cleanup() {
  for (const c of children) c.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
}
process.on("exit", cleanup);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => process.exit(130));

/** GET url: resolves { status, headers, body } or rejects on a connection error. */
function get(url, headers = {}) {
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () =>
        resolvePromise({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

async function waitFor(url, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const r = await get(url);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

function startSite(port, extraArgs = []) {
  const log = join(work, `site-${port}-${Date.now()}.log`);
  // Production settings: info-level request logs, written to a file as a log
  // collector would read them (nginx below writes its access log too).
  return start(
    SITE,
    ["-addr", `127.0.0.1:${port}`, "-data-dir", mkdtempSync(join(work, "data-")), ...extraArgs],
    { stdout: openLog(log) },
  );
}

function openLog(path) {
  return openSync(path, "a");
}

// ---------------------------------------------------------------- pages

/**
 * The page classes of the issue, with the first record page of each kind as the
 * running site's sitemap lists it (so any binary can be measured, BENCH_SITE).
 */
async function pageClasses(base) {
  if (env.BENCH_PAGES) return env.BENCH_PAGES.split(",").map((p) => ({ label: p, path: p }));
  const sitemap = (await get(`${base}/sitemap.xml`)).body.toString("utf8");
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const first = (dir) => paths.filter((p) => p.startsWith(`/${dir}/`)).sort()[0] ?? null;
  const pages = [
    "/",
    "/what-we-do",
    "/who-we-are",
    first("who-we-are") ?? "/who-we-are/{id} (none in the build)",
    "/charity",
    "/latest-insights",
    "/governance",
    "/careers",
    first("careers") ?? "/careers/{slug} (none in the build)",
    "/contact",
    "/privacy-statement",
    UNKNOWN,
  ];
  return pages.map((p) => ({ label: p === UNKNOWN ? `${p} (404)` : p, path: p }));
}

/** gzip size of a build file: its .gz from precompress, else gzip -9 of it (files that do not shrink have none). */
function gzSize(urlPath) {
  const file = join(CLIENT, urlPath.slice(1));
  if (existsSync(file + ".gz")) return statSync(file + ".gz").size;
  if (!existsSync(file)) return null;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

// ---------------------------------------------------------------- 0. build

function sectionBuild() {
  heading("0. Build");
  if (env.BENCH_SKIP_BUILD === "1") {
    if (!existsSync(SITE) || !existsSync(CLIENT))
      throw new Error("BENCH_SKIP_BUILD=1 but there is no build");
    note("BENCH_SKIP_BUILD=1: using the existing build, build time not measured.");
    return;
  }
  const make = (label) => {
    const t0 = performance.now();
    const r = spawnSync("make", ["--no-print-directory", "build"], { cwd: ROOT, encoding: "utf8" });
    const seconds = (performance.now() - t0) / 1000;
    if (r.status !== 0) {
      console.error(r.stdout.slice(-3000), r.stderr.slice(-3000));
      throw new Error(`make build failed (${label})`);
    }
    return seconds;
  };
  let first = null;
  if (!existsSync(join(ROOT, "web/.media-cache")) || !existsSync(SITE)) {
    // A fresh clone: the first build encodes every image (AVIF is slow).
    first = make("first build");
  }
  // The figure: a full rebuild with the npm dependencies and the image cache warm.
  for (const p of ["bin/site", "web/dist", "web/.astro"])
    rmSync(join(ROOT, p), { recursive: true, force: true });
  const loadBefore = load();
  const seconds = make("timed build");
  results.build = { seconds, first };
  const rows = [
    [
      "make build (clean outputs, warm npm and image cache)",
      fmt(seconds, 1),
      mark(seconds, (s) => s <= 120),
      loadBefore,
    ],
  ];
  if (first !== null) rows.unshift(["first make build (cold image cache)", fmt(first, 1), "", ""]);
  console.log(table(["build", ">seconds", "budget <= 120 s", "load before"], rows));
}

// ---------------------------------------------------------------- 2. script bytes

/** The two widths of the issue: a phone (412 x 915, Lighthouse's) and a desktop. */
const VIEWPORTS = [
  { label: "412 px", width: 412, height: 915, mobile: true },
  { label: "1280 px", width: 1280, height: 800, mobile: false },
];

async function sectionJs() {
  heading(
    "2. Script bytes before any interaction (Chromium: load, network idle, 3 s, no scrolling) and after the first (a press on the first heading)",
  );
  const { chromium } = await import("@playwright/test");
  const executablePath = systemChromium() ?? undefined;
  const browser = await chromium.launch({ executablePath, args: chromiumFlags });
  const site = startSite(PORTS.lighthouse, ["-log-level", "error"]);
  const base = `http://127.0.0.1:${PORTS.lighthouse}`;
  await waitFor(`${base}/healthz`);
  const rows = [];
  results.js = [];
  try {
    for (const { label, path } of await pageClasses(base)) {
      if (path.includes("{")) {
        rows.push([label, null, null, null, null, null, null, "not in the build"]);
        continue;
      }
      const cells = [];
      const figures = {};
      for (const vp of VIEWPORTS) {
        const m = await scriptBytes(browser, `${base}${path}`, vp);
        figures[vp.label] = m;
        cells.push(
          kb(m.bytes),
          kb(m.afterFirst),
          `${m.files} / ${m.filesAfterFirst ?? "–"} / ${m.islandsInView}`,
        );
      }
      const worst = Math.max(...Object.values(figures).map((f) => f.bytes));
      results.js.push({ path, ...figures });
      rows.push([label, ...cells, mark(worst, (b) => b <= 60000)]);
    }
  } finally {
    await browser.close();
    await stop(site);
  }
  console.log(
    table(
      [
        "page",
        ">412 px KB before",
        ">after 1st press",
        ">files before / after / islands in view",
        ">1280 px KB before",
        ">after 1st press",
        ">files before / after / islands in view",
        "budget <= 60 KB before",
      ],
      rows,
    ),
  );
  note(
    "KB = 1000 bytes transferred (encoded body and headers, brotli as Chromium negotiates it) of every script response. Islands in view: React islands (<astro-island>) with a box inside the viewport after the wait, or hydrating at load (client:load, client:idle). A page with nothing interactive in view must load 0 bytes: e2e/loading.spec.ts asserts which pages those are. After 1st press: every script so far, after a press (a tap at 412 px) on the open popup's heading or else main's h1, network idle and 1 s; /who-we-are/{id} loads its island then (client:interaction).",
  );
}

/** Script responses of one page load in a fresh context, and the islands in the first viewport. */
async function scriptBytes(browser, url, vp) {
  const context = await browser.newContext({
    viewport: { width: vp.width, height: vp.height },
    isMobile: vp.mobile,
    hasTouch: vp.mobile,
  });
  const page = await context.newPage();
  const scripts = [];
  page.on("requestfinished", async (request) => {
    if (request.resourceType() !== "script") return;
    scripts.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  await sleep(3000);
  const islandsInView = await page.evaluate(
    () =>
      [...document.querySelectorAll("astro-island")].filter(
        (island) =>
          ["load", "idle"].includes(island.getAttribute("client") ?? "") ||
          [...island.querySelectorAll("*")].some((c) => {
            const r = c.getBoundingClientRect();
            return (
              r.width > 0 &&
              r.bottom > 0 &&
              r.top < innerHeight &&
              r.right > 0 &&
              r.left < innerWidth
            );
          }),
      ).length,
  );
  const sizes = await Promise.all(scripts);
  // The first interaction: a press (a tap on the phone) on what a visitor
  // reads first, the open popup's heading or else the page's main heading;
  // no link, so the page stays. Then what that brought in.
  const spot = await page.evaluate(() => {
    const target =
      document.querySelector("dialog[open] h1, dialog[open] h2") ??
      document.querySelector("main h1");
    const r = target?.getBoundingClientRect();
    if (!r || r.bottom <= 0 || r.top >= innerHeight) return null;
    return { x: r.left + Math.min(r.width / 2, 40), y: r.top + r.height / 2 };
  });
  if (spot && vp.mobile) await page.touchscreen.tap(spot.x, spot.y);
  else if (spot) await page.mouse.click(spot.x, spot.y);
  await page.waitForLoadState("networkidle");
  await sleep(1000);
  const after = await Promise.all(scripts);
  await context.close();
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  return {
    bytes: sum(sizes),
    files: sizes.length,
    islandsInView,
    afterFirst: spot ? sum(after) : null,
    filesAfterFirst: spot ? after.length : null,
  };
}

// ---------------------------------------------------------------- 1. Lighthouse

async function sectionLighthouse() {
  heading(`1. Lighthouse (mobile preset, simulated throttling), median of ${RUNS}`);
  const { default: lighthouse } = await import("lighthouse");
  // chrome-launcher comes with lighthouse (its dependency, hoisted by npm).
  const chromeLauncher = await import("chrome-launcher");
  const chromePath = systemChromium() ?? (await playwrightChromium());
  const site = startSite(PORTS.lighthouse, ["-log-level", "error"]);
  const base = `http://127.0.0.1:${PORTS.lighthouse}`;
  await waitFor(`${base}/healthz`);
  await get(`${base}/linkedin-api`).catch(() => {});
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  const rows = [];
  results.lighthouse = [];
  for (const { label, path } of await pageClasses(base)) {
    if (path.includes("{")) {
      rows.push([label, ...Array(12).fill(null), "not in the build"]);
      continue;
    }
    const loadAtStart = loadavg()[0].toFixed(2);
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: chromiumFlags,
      logLevel: "silent",
    });
    const runs = [];
    const blockedRuns = [];
    let refusal = null;
    let failure = null;
    let a11yWide = null;
    try {
      if (path === UNKNOWN) {
        // By default Lighthouse refuses a document answered with 404; record
        // what it says, then audit the page anyway (ignoreStatusCode).
        const r = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: categories,
        });
        refusal = r?.lhr.runtimeError ? `${r.lhr.runtimeError.code}` : "audited";
      }
      // Interleaved, so that both see the same machine: with its scripts, and
      // with every script blocked (what the page costs without them).
      for (let i = 0; i < RUNS; i++) {
        for (const blocked of [false, true]) {
          const r = await lighthouse(`${base}${path}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: categories,
            ignoreStatusCode: path === UNKNOWN,
            blockedUrlPatterns: blocked ? ["*.js"] : [],
          });
          (blocked ? blockedRuns : runs).push(summarize(r.lhr, categories));
        }
      }
      // Accessibility at a desktop width too (1280 x 800, no throttling: the
      // audit reads the page as loaded).
      const wide = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["accessibility"],
        ignoreStatusCode: path === UNKNOWN,
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
      a11yWide = summarize(wide.lhr, ["accessibility"]);
    } catch (err) {
      failure = `error: ${err.message.split("\n")[0]}`;
    } finally {
      await chrome.kill();
    }
    const med = (f) => median(runs.map(f));
    const perfBlocked = median(blockedRuns.map((r) => r.scores.performance));
    const m = {
      path,
      performanceWithoutScripts: perfBlocked,
      scores: Object.fromEntries(categories.map((c) => [c, med((r) => r.scores[c])])),
      lcp: med((r) => r.lcp),
      tbt: med((r) => r.tbt),
      cls: med((r) => r.cls),
      bytes: med((r) => r.bytes),
      js: med((r) => r.js),
      errors: [...new Set(runs.flatMap((r) => r.errors))],
      // The audits below a full score in the run with the median Performance score.
      failing: [
        ...(medianRun(runs)?.failing ?? []),
        ...(a11yWide?.failing ?? []).map((f) => `${f} at 1280 px`),
      ],
      accessibility1280: a11yWide?.scores.accessibility ?? null,
      refusal,
      load: loadAtStart,
    };
    results.lighthouse.push(m);
    const cost =
      m.scores.performance === null || perfBlocked === null
        ? null
        : Math.round(perfBlocked * 100) - Math.round(m.scores.performance * 100);
    rows.push([
      label,
      // The column after A11y: the same category at 1280 px.
      ...categories.flatMap((c) => [
        fmt(m.scores[c] === null ? null : m.scores[c] * 100),
        ...(c === "accessibility"
          ? [fmt(m.accessibility1280 === null ? null : m.accessibility1280 * 100)]
          : []),
      ]),
      fmt(perfBlocked === null ? null : perfBlocked * 100),
      cost === null ? "?" : `${cost} ${mark(cost, (c) => c <= 2)}`,
      fmt(m.lcp, 0),
      fmt(m.tbt, 0),
      fmt(m.cls, 3),
      kb(m.bytes),
      kb(m.js),
      [loadAtStart, refusal ? `without ignoreStatusCode: ${refusal}` : "", failure, ...m.errors]
        .filter(Boolean)
        .join("; "),
    ]);
  }
  await stop(site);
  console.log(
    table(
      [
        "page",
        ">Perf",
        ">A11y",
        ">A11y 1280 px",
        ">BP",
        ">SEO",
        ">Perf without JS",
        ">scripts cost (budget <= 2)",
        ">LCP ms",
        ">TBT ms",
        ">CLS",
        ">transfer KB",
        ">JS KB",
        "load (1 min) / notes",
      ],
      rows,
    ),
  );
  const failing = results.lighthouse.filter((m) => m.failing.length);
  if (failing.length) {
    note("Audits below a full score, per page (the run with the median Performance score):");
    for (const m of failing) console.log(`- ${m.path}: ${m.failing.join(", ")}`);
  }
  note(
    `Each figure is the median of ${RUNS} runs, taken per figure. "Perf without JS" is the median of ${RUNS} runs interleaved with those, with every *.js request blocked; the scripts' cost is the difference in points. Transfer and JS KB are Lighthouse's transfer sizes (1000 bytes). A11y is at Lighthouse's phone size (412 px); A11y 1280 px is one run of the accessibility category alone at 1280 x 800 (desktop, no throttling).`,
  );
}

function medianRun(runs) {
  const sorted = runs
    .filter((r) => r.scores.performance !== null)
    .sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[(sorted.length - 1) >> 1] ?? runs[0];
}

function summarize(lhr, categories) {
  const a = lhr.audits;
  const num = (id) => (typeof a[id]?.numericValue === "number" ? a[id].numericValue : null);
  const items = a["network-requests"]?.details?.items ?? [];
  const js = items
    .filter((i) => i.resourceType === "Script")
    .reduce((s, i) => s + (i.transferSize ?? 0), 0);
  const failing = [];
  for (const c of categories) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const au = a[ref.id];
      // An audit that errored (a timeout on a busy machine) counts as 0 in its category.
      if (ref.weight > 0 && au?.scoreDisplayMode === "error") {
        failing.push(`${ref.id} (${c}, error: ${au.errorMessage ?? "?"})`);
        continue;
      }
      if (
        ref.weight > 0 &&
        au &&
        au.score !== null &&
        au.score < 1 &&
        au.scoreDisplayMode !== "informative"
      ) {
        failing.push(`${ref.id} (${c}${au.displayValue ? `, ${au.displayValue}` : ""})`);
      }
    }
  }
  return {
    scores: Object.fromEntries(categories.map((c) => [c, lhr.categories[c]?.score ?? null])),
    lcp: num("largest-contentful-paint"),
    tbt: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
    bytes: num("total-byte-weight"),
    js: items.length ? js : null,
    errors: lhr.runtimeError ? [lhr.runtimeError.code] : [],
    failing,
  };
}

async function playwrightChromium() {
  const { chromium } = await import("@playwright/test");
  return chromium.executablePath();
}

// ---------------------------------------------------------------- 3. server vs nginx

function nginxBinary() {
  for (const p of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (existsSync(p)) return p;
  const r = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  if (r.status === 0) return r.stdout.trim();
  throw new Error("nginx not found (scripts/bench.sh installs nginx-light)");
}

/** The copy of bin/site's security headers that nginx sends (those of one of its answers), so both answer with headers of the same size. */
function nginxHeaders(siteHeaders) {
  const names = [
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "permissions-policy",
    "cross-origin-opener-policy",
    "cross-origin-resource-policy",
    "x-frame-options",
  ];
  return names
    .filter((n) => siteHeaders[n])
    .map((n) => `add_header ${n} "${siteHeaders[n].replace(/"/g, '\\"')}" always;`)
    .join("\n      ");
}

function nginxConf(dir, port, documentHeaders, scriptHeaders) {
  const user = process.getuid?.() === 0 ? "user root;" : "";
  const hdrs = (cacheControl, headers = documentHeaders) =>
    `${headers}\n      add_header Cache-Control "${cacheControl}" always;`;
  const year = "public, max-age=31536000, immutable";
  return `# Written by web/scripts/bench.mjs: nginx serving web/dist as bin/site does.
${user}
worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  types {
    text/html html;
    text/javascript js mjs;
    text/css css;
    application/json json map;
    application/xml xml;
    text/plain txt;
    image/svg+xml svg;
    image/avif avif;
    image/webp webp;
    image/jpeg jpg jpeg;
    image/png png;
    video/mp4 mp4;
    application/pdf pdf;
    font/woff2 woff2;
  }
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/html text/css text/javascript text/plain application/xml;
  # Buffered like bin/site's request log (64 KiB or 200 ms).
  access_log ${dir}/access.log combined buffer=64k flush=200ms;
  client_body_temp_path ${dir}/body;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 10000000;
  server_tokens off;
  gzip off;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${CLIENT};
    # bin/site: unknown paths (and /404 itself) get the prerendered 404 page with status 404.
    error_page 404 /404.html;
    location = /404.html { internal; ${hdrs("no-cache")} }
    location = /404 { return 404; }
    location = / { try_files /index.html =404; ${hdrs("no-cache")} }
    location /_astro/ {
      try_files $uri =404; ${hdrs(year, scriptHeaders)}
      # SVG can be a document: bin/site sends it the document headers too.
      location ~* \\.svg$ { ${hdrs(year)} }
    }
    location / { try_files $uri/index.html =404; ${hdrs("no-cache")} }
  }
}
`;
}

async function wrk(url) {
  const args = [
    "-t2",
    "-c64",
    `-d${DURATION}s`,
    "--latency",
    "-H",
    "Accept-Encoding: gzip",
    "-s",
    join(ROOT, "scripts/bench/report.lua"),
    url,
  ];
  const child = start("wrk", args, { stdout: "pipe" });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  const code = await new Promise((r) => child.on("exit", r));
  if (code !== 0) return { error: `wrk exit ${code}: ${child.stderrText().trim()}` };
  return parseWrk(out) ?? { error: "no figures from wrk" };
}

async function sectionServer() {
  heading("3. Server throughput: bin/site against nginx on the same files");
  const site = startSite(PORTS.site);
  const siteBase = `http://127.0.0.1:${PORTS.site}`;
  await waitFor(`${siteBase}/healthz`);
  const home = await get(`${siteBase}/`, { "accept-encoding": "gzip" });
  // (b): the largest script of the build, a content-hashed asset with a .gz.
  const scripts = readdirSync(join(CLIENT, "_astro"))
    .filter((n) => n.endsWith(".js") && existsSync(join(CLIENT, "_astro", `${n}.gz`)))
    .map((n) => `/_astro/${n}`)
    .sort((a, b) => gzSize(b) - gzSize(a));
  const asset = scripts[0] ?? "/_astro/missing.js";
  // Scripts go without the document-only headers (CSP, Permissions-Policy...): nginx copies both sets.
  const script = await get(siteBase + asset, { "accept-encoding": "gzip" });
  const dir = mkdtempSync(join(work, "nginx-"));
  writeFileSync(
    join(dir, "nginx.conf"),
    nginxConf(dir, PORTS.nginx, nginxHeaders(home.headers), nginxHeaders(script.headers)),
  );
  const nginxBin = nginxBinary();
  const t = spawnSync(nginxBin, ["-t", "-q", "-p", dir, "-c", join(dir, "nginx.conf")], {
    encoding: "utf8",
  });
  if (t.status !== 0) throw new Error(`nginx config: ${t.stderr}`);
  const nginx = start(nginxBin, ["-p", dir, "-c", join(dir, "nginx.conf")]);
  const nginxBase = `http://127.0.0.1:${PORTS.nginx}`;
  await waitFor(`${nginxBase}/`);

  const targets = [
    { id: "a", label: "(a) home page HTML /", path: "/" },
    { id: "b", label: `(b) hashed JS ${asset.replace("/_astro/", "")}`, path: asset },
    { id: "c", label: `(c) 404 path ${UNKNOWN}`, path: UNKNOWN },
  ];

  // Both must answer the same bytes: check status, encoding and length first.
  const checks = [];
  for (const tg of [
    ...targets,
    { label: "(d) /linkedin-api", path: "/linkedin-api", siteOnly: true },
  ]) {
    const s = await get(siteBase + tg.path, { "accept-encoding": "gzip" });
    const n = tg.siteOnly ? null : await get(nginxBase + tg.path, { "accept-encoding": "gzip" });
    const row = (r) =>
      r ? `${r.status} ${r.headers["content-encoding"] ?? "identity"} ${r.body.length} B` : "–";
    checks.push([tg.label, row(s), row(n)]);
  }
  console.log(table(["answer (Accept-Encoding: gzip)", "bin/site", "nginx"], checks));
  console.log("");

  // Warm up both (and fill the feed cache), then alternate site/nginx per target (ABBA...).
  await get(`${siteBase}/linkedin-api`).catch(() => {});
  for (const base of [siteBase, nginxBase]) await wrkShort(`${base}/`);
  const figures = {};
  for (const tg of targets) {
    figures[tg.id] = { site: [], nginx: [], load: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ["site", "nginx"] : ["nginx", "site"];
      for (const who of order) {
        figures[tg.id].load.push(loadavg()[0]);
        figures[tg.id][who].push(await wrk((who === "site" ? siteBase : nginxBase) + tg.path));
      }
    }
  }
  const loadD = loadavg()[0];
  const d = await wrk(`${siteBase}/linkedin-api`);
  await stop(nginx);

  const agg = (runs) => {
    const ok = runs.filter((r) => !r.error);
    if (!ok.length) return { error: runs[0]?.error };
    return {
      rps: median(ok.map((r) => r.rps)),
      p50: median(ok.map((r) => r.p50)),
      p99: median(ok.map((r) => r.p99)),
      mbps: median(ok.map((r) => r.mbps)),
      non2xx3xx: ok.reduce((s, r) => s + r.non2xx3xx, 0),
      socketErrors: ok.reduce((s, r) => s + r.socketErrors, 0),
    };
  };
  const rows = [];
  results.server = {};
  for (const tg of targets) {
    const s = agg(figures[tg.id].site);
    const n = agg(figures[tg.id].nginx);
    const ratio = s.rps && n.rps ? s.rps / n.rps : null;
    results.server[tg.id] = { site: s, nginx: n, ratio };
    const l = figures[tg.id].load;
    const loadText = `${Math.min(...l).toFixed(1)}–${Math.max(...l).toFixed(1)}`;
    rows.push([
      tg.label,
      "bin/site",
      ...wrkCells(s),
      fmt(ratio, 2),
      mark(ratio, (r) => r >= 1) + " / " + mark(s.p99, (p) => p <= 5),
      loadText,
    ]);
    rows.push(["", "nginx", ...wrkCells(n), "", "", ""]);
  }
  const da = d.error ? {} : d;
  const aRps = results.server.a.site.rps;
  results.server.d = { site: da, ofA: da.rps && aRps ? da.rps / aRps : null };
  rows.push([
    "(d) /linkedin-api (warm)",
    "bin/site",
    ...wrkCells(d.error ? d : da),
    results.server.d.ofA === null ? "–" : `${fmt(results.server.d.ofA * 100)}% of (a)`,
    mark(results.server.d.ofA, (r) => r >= 0.5),
    loadD.toFixed(1),
  ]);
  console.log(
    table(
      [
        "target",
        "server",
        ">req/s",
        ">p50 ms",
        ">p99 ms",
        ">MB/s",
        "non-2xx/3xx, socket errors",
        ">site/nginx",
        "budget ratio / p99",
        "load (1 min)",
      ],
      rows,
    ),
  );
  note(
    `wrk -t2 -c64 -d${DURATION}s --latency -H 'Accept-Encoding: gzip', loopback; ${ROUNDS} round(s) per server and target, alternating (site, nginx, nginx, site, ...); figures are medians over rounds. ` +
      `Both write an access log to a file, buffered (64 KiB or 200 ms); bin/site runs with its defaults (info-level JSON request logs). nginx ${nginxVersion(nginxBin)}, worker_processes auto (${cpus().length} CPUs); wrk shares the same CPUs.`,
  );

  // 4a. Peak RSS of this bin/site process, which served all of the above.
  results.rss = readStatus(site.pid);
  await stop(site);
}

async function wrkShort(url) {
  const child = start("wrk", ["-t2", "-c64", "-d2s", "-H", "Accept-Encoding: gzip", url]);
  await new Promise((r) => child.on("exit", r));
}

/** req/s, p50, p99, MB/s and errors of one server and target. */
function wrkCells(r) {
  return [fmt(r.rps), fmt(r.p50, 2), fmt(r.p99, 2), fmt(r.mbps, 0), errText(r)];
}

function errText(r) {
  if (r.error) return r.error;
  return `${r.non2xx3xx}, ${r.socketErrors}`;
}

function nginxVersion(bin) {
  const r = spawnSync(bin, ["-v"], { encoding: "utf8" });
  return (r.stderr || r.stdout).trim().replace("nginx version: ", "");
}

function readStatus(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/status`, "utf8");
    const kbOf = (k) => Number(s.match(new RegExp(`^${k}:\\s+(\\d+)`, "m"))?.[1] ?? NaN);
    return { hwm: kbOf("VmHWM") * 1024, rss: kbOf("VmRSS") * 1024 };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- 4. resources

async function sectionResources() {
  heading("4. Resources");
  const n = Number(env.BENCH_COLD_RUNS || 9);
  const starts = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const child = start(SITE, [
      "-addr",
      `127.0.0.1:${PORTS.cold}`,
      "-data-dir",
      mkdtempSync(join(work, "cold-")),
      "-log-level",
      "error",
    ]);
    let ms = null;
    while (performance.now() - t0 < 10000 && child.exitCode === null) {
      try {
        const r = await get(`http://127.0.0.1:${PORTS.cold}/healthz`);
        if (r.status === 200) {
          ms = performance.now() - t0;
          break;
        }
      } catch {
        await sleep(1);
      }
    }
    await stop(child);
    starts.push(ms);
  }
  const cold = median(starts);
  const size = existsSync(SITE) ? statSync(SITE).size : null;
  const rss = results.rss;
  results.resources = { cold, coldRuns: starts, size, rss };
  console.log(
    table(
      ["resource", ">value", "budget", "notes"],
      [
        [
          "bin/site peak RSS during 3. (VmHWM)",
          rss ? `${fmt(rss.hwm / 1048576, 1)} MB` : "–",
          rss ? mark(rss.hwm, (b) => b <= 64 * 1048576) : "(3. not run)",
          rss ? `RSS at the end ${fmt(rss.rss / 1048576, 1)} MB` : "",
        ],
        [
          "bin/site binary size",
          size ? `${fmt(size / 1048576, 1)} MB` : "–",
          "",
          "-trimpath -ldflags='-s -w', site embedded",
        ],
        [
          "cold start to first 200 on /healthz",
          `${fmt(cold, 1)} ms`,
          mark(cold, (m) => m <= 100),
          `median of ${n}: ${starts.map((s) => fmt(s, 0)).join(", ")} ms; load ${load()}`,
        ],
        [
          "make build (section 0)",
          results.build ? `${fmt(results.build.seconds, 1)} s` : "–",
          results.build ? mark(results.build.seconds, (s) => s <= 120) : "(not run)",
          "",
        ],
      ],
    ),
  );
}

// ---------------------------------------------------------------- main

async function main() {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  console.log(
    `# make bench\n\n${new Date().toISOString()} on ${hostname()}: ${cpus().length} × ${cpu}, Linux ${release()}, Node ${process.version}`,
  );
  console.log(`git ${gitDescribe()}`);
  if (sections.has("build")) sectionBuild();
  if (!existsSync(SITE) || !existsSync(join(CLIENT, "index.html"))) {
    console.log("\nbench: no build; running make build");
    const r = spawnSync("make", ["--no-print-directory", "build"], { cwd: ROOT, stdio: "inherit" });
    if (r.status !== 0) throw new Error("make build failed");
  }
  if (sections.has("js")) await sectionJs();
  if (sections.has("lighthouse")) await sectionLighthouse();
  if (sections.has("server")) await sectionServer();
  if (sections.has("resources")) await sectionResources();
  if (env.BENCH_JSON) writeFileSync(env.BENCH_JSON, JSON.stringify(results, null, 2));
  console.log(`\nload average at the end: ${load()}`);
}

function gitDescribe() {
  const r = spawnSync("git", ["-C", ROOT, "log", "-1", "--format=%h %s"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : "(not a git checkout)";
}

main().catch((err) => {
  console.error(`bench: ${err.stack ?? err}`);
  process.exitCode = 1;
});
