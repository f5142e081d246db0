// Pure helpers of make bench (scripts/bench.mjs): statistics, tables and the
// parsing of build output and wrk results. Unit-tested in lib.test.mjs.

/** Median of the finite numbers in values; null when there are none. */
export function median(values) {
  const xs = values
    .filter((v) => typeof v === "number" && Number.isFinite(v))
    .sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = xs.length >> 1;
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

/**
 * A Markdown table (readable in a terminal, pasteable into docs/benchmarks.md).
 * Columns whose header starts with ">" are right-aligned (the ">" is dropped).
 */
export function table(headers, rows) {
  const right = headers.map((h) => h.startsWith(">"));
  const names = headers.map((h) => (h.startsWith(">") ? h.slice(1) : h));
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined ? "–" : String(c))));
  const widths = names.map((n, i) =>
    Math.max(n.length, 3, ...cells.map((r) => (r[i] ?? "").length)),
  );
  const pad = (s, i) => (right[i] ? s.padStart(widths[i]) : s.padEnd(widths[i]));
  const line = (r) => `| ${r.map(pad).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (right[i] ? "-".repeat(w + 1) + ":" : "-".repeat(w + 2))).join("|")}|`;
  return [line(names), rule, ...cells.map(line)].join("\n");
}

/** Formats a number with digits decimals, or "–" for null. */
export function fmt(value, digits = 0) {
  return value === null || value === undefined || Number.isNaN(value) ? "–" : value.toFixed(digits);
}

/** Bytes as KB (1000 bytes, as Lighthouse and the budgets count). */
export function kb(bytes, digits = 1) {
  return bytes === null || bytes === undefined ? "–" : (bytes / 1000).toFixed(digits);
}

/**
 * The same-origin JavaScript a prerendered page loads before it is
 * interactive: every /assets/*.js it names in a modulepreload link, a module
 * script src, or a string of an inline module script (imports, and the
 * modulepreloads the deferred bootstrap adds), plus, when readAsset is given,
 * every module those import statically. Sorted, unique.
 * @param {string} html
 * @param {(path: string) => string | null} [readAsset] the source of /assets/x.js
 */
export function firstLoadScripts(html, readAsset) {
  const found = new Set();
  const attr = /<(?:link|script)\b[^>]*?(?:href|src)="(\/assets\/[^"?#]+\.m?js)"[^>]*>/gi;
  for (const m of html.matchAll(attr)) {
    const tag = m[0].toLowerCase();
    if (tag.startsWith("<script") || /rel="?modulepreload/.test(tag)) found.add(m[1]);
  }
  const inline = /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/gi;
  for (const m of html.matchAll(inline)) {
    for (const i of m[1].matchAll(/["'](\/assets\/[^"']+\.m?js)["']/g)) found.add(i[1]);
  }
  if (readAsset) {
    for (const path of found) {
      for (const dep of staticImports(readAsset(path) ?? "")) found.add(`/assets/${dep}`);
    }
  }
  return [...found].sort();
}

/**
 * The sibling modules a bundled module imports statically (`import"./x.js"`,
 * `import{a}from"./x.js"`, `export*from"./x.js"`); dynamic `import("./x.js")`
 * loads later and is not counted.
 */
export function staticImports(source) {
  const deps = new Set();
  const re = /(?:\bimport|\bexport)\s*(?:[\w*{$][^"'()]*?\bfrom\s*)?["']\.\/([^"']+\.m?js)["']/g;
  for (const m of source.matchAll(re)) deps.add(m[1]);
  return [...deps];
}

/**
 * The route modules of a React Router manifest file (assets/manifest-*.js):
 * [{ id, module }] for each route with a client module.
 */
export function routeModules(manifestSource) {
  const start = manifestSource.indexOf("{");
  const end = manifestSource.lastIndexOf("}");
  if (start < 0 || end < start) return [];
  let manifest;
  try {
    manifest = JSON.parse(manifestSource.slice(start, end + 1));
  } catch {
    return [];
  }
  return Object.values(manifest.routes ?? {})
    .filter((r) => typeof r.module === "string")
    .map((r) => ({ id: r.id, module: r.module }));
}

/** The figures of one wrk run from the line scripts/bench/report.lua prints; null if absent. */
export function parseWrk(stdout) {
  const line = stdout.split("\n").find((l) => l.startsWith("BENCH "));
  if (!line) return null;
  const r = JSON.parse(line.slice("BENCH ".length));
  const seconds = r.duration_us / 1e6;
  return {
    requests: r.requests,
    rps: seconds > 0 ? r.requests / seconds : null,
    p50: r.p50_us / 1000,
    p90: r.p90_us / 1000,
    p99: r.p99_us / 1000,
    max: r.max_us / 1000,
    mbps: seconds > 0 ? r.bytes / seconds / 1e6 : null,
    non2xx3xx: r.non_2xx_3xx,
    socketErrors: r.socket_errors,
  };
}

/** A pass/fail mark of a figure against a budget; "?" when there is no figure. */
export function mark(value, ok) {
  if (value === null || value === undefined || Number.isNaN(value)) return "?";
  return ok(value) ? "ok" : "MISS";
}
