// `make test-html`: every page of the build checked by the W3C Nu HTML checker
// (vnu-jar, the checker behind validator.w3.org/nu), errors only, with the
// filters of scripts/vnu-filters.txt. Prints each error with its page, line and
// the checker's message and extract, and exits 1 when there is any.
// Usage: node scripts/check-html.mjs [build dir, default dist]
// Needs Java 17+ (scripts/ensure-java.sh installs it).
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Every .html file under dir, sorted. */
export function htmlFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".html")) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * The checker's JSON report as lines a person reads: "page:line:column: message"
 * and the extract under it. Only errors (and the checker's own failures) count.
 * @param {{ messages?: { type: string, subType?: string, url?: string, lastLine?: number,
 *   firstColumn?: number, message: string, extract?: string }[] }} report
 * @param {string} root the build dir, for short page names
 */
export function errorLines(report, root) {
  const lines = [];
  for (const m of report.messages ?? []) {
    if (m.type !== "error" && m.type !== "non-document-error") continue;
    const page = m.url?.startsWith("file:") ? relative(root, fileURLToPath(m.url)) : (m.url ?? "");
    const where = m.lastLine === undefined ? "" : `:${m.lastLine}:${m.firstColumn ?? 0}`;
    lines.push(`${page}${where}: ${m.message}`);
    if (m.extract) lines.push(`    ${m.extract.replace(/\s+/g, " ").trim()}`);
  }
  return lines;
}

/**
 * Runs the checker on files (errors only, with the project's filters) and
 * returns its errors as errorLines says them: none when every file is valid.
 * Also used by e2e specs for pages the server writes (web/e2e).
 * @param {string[]} files
 * @param {string} root for short page names
 */
export function checkHtml(files, root) {
  const jar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
  const filters = fileURLToPath(new URL("./vnu-filters.txt", import.meta.url));
  const run = spawnSync(
    "java",
    ["-jar", jar, "--errors-only", "--format", "json", "--stdout", "--exit-zero-always"].concat(
      ["--filterfile", filters],
      files,
    ),
    { encoding: "utf8", maxBuffer: 64 << 20 },
  );
  if (run.error)
    throw new Error(`check-html: cannot run java (scripts/ensure-java.sh): ${run.error.message}`);
  if (run.status !== 0)
    throw new Error(`check-html: the checker failed (${run.status}): ${run.stderr}`);
  return errorLines(JSON.parse(run.stdout), root);
}

function main() {
  const root = resolve(process.argv[2] ?? "dist");
  const files = htmlFiles(root);
  if (files.length === 0) throw new Error(`check-html: no .html files under ${root} (build first)`);
  const started = Date.now();
  const lines = checkHtml(files, root);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (lines.length > 0) {
    console.error(lines.join("\n"));
    console.error(
      `check-html: ${lines.filter((l) => !l.startsWith(" ")).length} errors in ${files.length} pages (${seconds} s)`,
    );
    process.exit(1);
  }
  console.log(`check-html: ${files.length} pages valid (W3C Nu checker, ${seconds} s)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
