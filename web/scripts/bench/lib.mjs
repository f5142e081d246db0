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
