// Runs after `astro build`: writes Brotli and gzip variants of every
// compressible file of the build, so the Go server never compresses per request.
// Usage: node scripts/precompress.mjs [build dir, default dist]
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/**
 * The Brotli and gzip variants of a file worth keeping: one that saves less
 * than 5% would only cost memory in the server.
 * @param {Buffer} raw
 * @returns {Record<string, Buffer>}
 */
export function variants(raw) {
  const all = {
    ".br": brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    ".gz": gzipSync(raw, { level: 9 }),
  };
  return Object.fromEntries(
    Object.entries(all).filter(([, data]) => data.length < raw.length * 0.95),
  );
}

/** Writes the variants beside every compressible file under `dir`. */
export function precompress(dir) {
  let files = 0;
  let saved = 0;
  for (const path of walk(dir)) {
    if (!compressible.test(path)) continue;
    const raw = readFileSync(path);
    for (const [ext, data] of Object.entries(variants(raw))) {
      writeFileSync(path + ext, data);
      saved += raw.length - data.length;
    }
    files++;
  }
  return { files, saved };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(process.argv[2] ?? new URL("../dist", import.meta.url).pathname);
  const { files, saved } = precompress(dir);
  console.log(`precompress: ${files} files (${Math.round(saved / 1024)} KiB saved in total)`);
}
