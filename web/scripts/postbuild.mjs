// Runs after `react-router build`: inlines each page's stylesheets into the
// page (inline-css.mjs) and starts its JavaScript after the page has loaded
// (defer-hydration.mjs), then writes Brotli and gzip variants of every
// compressible file so the Go server never compresses per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { deferHydration } from "./defer-hydration.mjs";
import { inlineStylesheets } from "./inline-css.mjs";

const buildDir = new URL("../build/client", import.meta.url).pathname;
const compressible = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** Each stylesheet is read once, however many pages inline it. */
const stylesheets = new Map();
function readStylesheet(href) {
  if (!stylesheets.has(href)) stylesheets.set(href, readFileSync(join(buildDir, href), "utf8"));
  return stylesheets.get(href);
}

/** The page with its CSS inlined and its JavaScript deferred, or null when unchanged. */
function preparePage(path) {
  try {
    const styled = inlineStylesheets(readFileSync(path, "utf8"), readStylesheet);
    const { html, deferred } = deferHydration(styled.html);
    return styled.inlined.length || deferred ? html : null;
  } catch (err) {
    throw new Error(`postbuild: ${path.slice(buildDir.length + 1)}: ${err.message}`);
  }
}

let pages = 0;
let files = 0;
let saved = 0;
for (const path of walk(buildDir)) {
  let raw = null;
  if (path.endsWith(".html")) {
    const html = preparePage(path);
    if (html !== null) {
      raw = Buffer.from(html);
      writeFileSync(path, raw);
      pages++;
    }
  }
  if (!compressible.test(path)) continue;
  raw ??= readFileSync(path);
  const variants = {
    ".br": brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    ".gz": gzipSync(raw, { level: 9 }),
  };
  for (const [ext, data] of Object.entries(variants)) {
    // A variant that saves nothing would only cost memory in the server.
    if (data.length < raw.length * 0.95) {
      writeFileSync(path + ext, data);
      saved += raw.length - data.length;
    }
  }
  files++;
}
console.log(`postbuild: inlined the CSS and deferred the JavaScript of ${pages} pages`);
console.log(
  `postbuild: compressed ${files} files (${Math.round(saved / 1024)} KiB saved in total)`,
);
