// Runs after `react-router build`: writes Brotli and gzip variants of every
// compressible file so the Go server never compresses per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const buildDir = new URL("../build/client", import.meta.url).pathname;
const compressible = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

let files = 0;
let saved = 0;
for (const path of walk(buildDir)) {
  if (!compressible.test(path)) continue;
  const raw = readFileSync(path);
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
console.log(
  `postbuild: compressed ${files} files (${Math.round(saved / 1024)} KiB saved in total)`,
);
