#!/usr/bin/env node
// build-media: turns the firm's source media in content/media/ into the files the
// site serves, and a manifest the pages read. Runs before `astro build`.
//
//   content/media/images/<name>.{jpg,jpeg,png} -> public/media/img/<name>-<w>.<hash8>.{avif,webp}
//   content/media/video/<name>.mp4             -> public/media/video/<name>.<hash8>.mp4
//   content/media/logos/<name>.svg             -> public/media/logos/<name>.<hash8>.svg
//   content/media/documents/<name>.pdf         -> public/media/documents/<name>.pdf  (stable URL)
//   manifest                                   -> src/generated/media.json (+ media.css)
//
// The manifest is keyed by media name (the file name without its extension);
// each entry records its source file ("home-hero.jpg"), the name content
// files use (media-kinds.mjs has the folders and extensions of each kind).
//
// Pages cut a photo to the shape of each place it shows it (a portrait's card
// and popup, a vacancy's profile box per width) with object-fit: cover. The
// focal point sharp's attention strategy finds in each image (its most salient
// region: skin, saturated colour, edges) goes into media.css as the image's
// object-position, so every cut keeps that point in view.
//
// Hashed names let the server cache files as immutable. Image encodes are kept in
// a content-addressed cache (web/.media-cache/, keyed by source bytes + settings +
// sharp version), so a rebuild with unchanged sources only copies files.
//
// Usage: node scripts/build-media.mjs        (from web/, or any cwd)
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { MEDIA_NAME, mediaKinds } from "../lib/media-kinds.mjs";

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = resolve(WEB, "..");

/** Encoding settings. Changing any value invalidates the cache for every image. */
export const SETTINGS = Object.freeze({
  version: 3,
  widths: [320, 640, 960, 1280, 1920],
  // Measured on 2 cores (docs/media.md): AVIF effort 1 costs ~0.7 s CPU for a
  // 2000 px source across all widths, effort 2 twice and the default 4 ten times
  // that, for files only 10-20% smaller. Quality 50 is sharp's default.
  avif: { quality: 50, effort: 1, chromaSubsampling: "4:2:0" },
  // WebP serves only browsers without AVIF; effort 3 is a third cheaper than 4.
  webp: { quality: 76, effort: 3, smartSubsample: true },
  // The side of the copy the focal point is found in: enough for faces and subjects.
  focusSize: 256,
});

/**
 * Where a decoded image is best cut, as a CSS object-position in percent of
 * its width and height: where the square (across a landscape photo) and the
 * 4:3 band (down an upright one) that sharp's attention strategy keeps lie;
 * 50 where the photo leaves no choice. A box of another shape cut at that
 * position keeps the same part in view.
 * @param {{ data: Buffer, info: import("sharp").OutputInfo }} decoded
 * @returns {Promise<[number, number]>}
 */
export async function focalPoint({ data, info }, size = SETTINGS.focusSize) {
  const small = await sharp(data, { raw: info })
    .resize(size, size, { fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = small.info;
  /** Where the attention cut to `cw` x `ch` lies along one side, as an object-position. */
  const centre = async (
    /** @type {number} */ cw,
    /** @type {number} */ ch,
    /** @type {"x" | "y"} */ axis,
  ) => {
    const { info: cut } = await sharp(small.data, { raw: small.info })
      .resize(cw, ch, { fit: "cover", position: "attention" })
      .toBuffer({ resolveWithObject: true });
    const [offset, kept, side] =
      axis === "x" ? [cut.cropOffsetLeft ?? 0, cw, w] : [cut.cropOffsetTop ?? 0, ch, h];
    return Math.round((100 * Math.abs(offset)) / (side - kept));
  };
  const band = Math.round((w * 3) / 4);
  return [w > h ? await centre(h, h, "x") : 50, band < h ? await centre(w, band, "y") : 50];
}

/** The extensions (".jpg") build-media reads for a kind of media. */
const extensionsOf = (/** @type {keyof typeof mediaKinds} */ kind) =>
  new Set(mediaKinds[kind].extensions.map((e) => `.${e}`));

export class MediaError extends Error {
  constructor(message) {
    super(`build-media: ${message}`);
    this.name = "MediaError";
  }
}

const sha256 = (buf) => createHash("sha256").update(buf).digest("hex");
const hash8 = (buf) => sha256(buf).slice(0, 8);
const toHex = ({ r, g, b }) => "#" + [r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("");

/** Widths to produce for a source of the given width: the standard widths below it, plus the source width itself; never upscaled. */
export function variantWidths(sourceWidth, widths = SETTINGS.widths) {
  const out = widths.filter((w) => w < sourceWidth);
  const max = widths[widths.length - 1];
  if (sourceWidth <= max) out.push(sourceWidth);
  else if (!out.includes(max)) out.push(max);
  return out;
}

/** width/height of an SVG from its root element's width/height attributes, else its viewBox. */
export function svgSize(text) {
  const root = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!root) return null;
  const attr = (n) => new RegExp(`\\s${n}\\s*=\\s*["']([^"']*)["']`, "i").exec(root)?.[1];
  const num = (v) => (v && /^\s*[\d.]+(px)?\s*$/.test(v) ? parseFloat(v) : undefined);
  let width = num(attr("width")),
    height = num(attr("height"));
  const vb = attr("viewBox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if ((!width || !height) && vb?.length === 4 && vb[2] > 0 && vb[3] > 0) {
    if (!width && !height) [width, height] = [vb[2], vb[3]];
    else if (!height) height = (width * vb[3]) / vb[2];
    else width = (height * vb[2]) / vb[3];
  }
  return width && height ? { width: Math.round(width), height: Math.round(height) } : null;
}

async function listDir(dir, exts) {
  let names;
  try {
    names = await readdir(dir);
  } catch (err) {
    if (err.code === "ENOENT") return [];
    throw err;
  }
  const files = [];
  const seen = new Map();
  for (const file of names.sort()) {
    const ext = extname(file).toLowerCase();
    if (file.startsWith(".") || !exts.has(ext)) continue;
    const name = file.slice(0, -ext.length);
    const path = join(dir, file);
    if (!file.endsWith(ext))
      throw new MediaError(
        `${rel(path)}: the extension must be lower-case (${name}${ext}): content refers to files by their exact name`,
      );
    if (!MEDIA_NAME.test(name))
      throw new MediaError(
        `${rel(path)}: file name "${name}" must be lower-case kebab-case (a-z, 0-9, single hyphens)`,
      );
    if (seen.has(name))
      throw new MediaError(
        `${rel(path)}: media name "${name}" is also used by ${rel(seen.get(name))}`,
      );
    seen.set(name, path);
    files.push({ name, path, file });
  }
  return files;
}

const rel = (p) => relative(ROOT, p) || p;

async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Encodes one image into the cache (or finds it there). Returns { width, height, color, variants: [{w, fmt, file, hash}], cached }. */
async function processImage({ name, path }, cacheDir) {
  const src = await readFile(path);
  const key = sha256(
    Buffer.concat([
      src,
      Buffer.from(JSON.stringify(SETTINGS) + sharp.versions.vips + sharp.versions.sharp),
    ]),
  );
  const dir = join(cacheDir, "img", key);
  try {
    const meta = JSON.parse(await readFile(join(dir, "meta.json"), "utf8"));
    return { ...meta, dir, cached: true };
  } catch {
    // not cached yet
  }

  // Decode once, upright and in sRGB; every width is resized from this buffer and
  // both formats are encoded from the same resize. A full decode also catches
  // truncated files, which a header read would not.
  let decoded, dominant;
  try {
    decoded = await sharp(src, { failOn: "error" })
      .rotate()
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(decoded.data, { raw: decoded.info })
      .resize(64, 64, { fit: "inside" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    ({ dominant } = await sharp(thumb.data, { raw: thumb.info }).stats());
  } catch (err) {
    throw new MediaError(`cannot read image ${rel(path)}: ${err.message}`);
  }
  const { width, height } = decoded.info;
  const focus = await focalPoint(decoded);

  const tmp = `${dir}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  await mkdir(tmp, { recursive: true });
  const variants = [];
  for (const w of variantWidths(width)) {
    const resized =
      w === width
        ? decoded
        : await sharp(decoded.data, { raw: decoded.info })
            .resize({ width: w })
            .raw()
            .toBuffer({ resolveWithObject: true });
    for (const fmt of ["avif", "webp"]) {
      const pipeline = sharp(resized.data, { raw: resized.info });
      const out = await (
        fmt === "avif" ? pipeline.avif(SETTINGS.avif) : pipeline.webp(SETTINGS.webp)
      ).toBuffer();
      const file = `${w}.${fmt}`;
      await writeFile(join(tmp, file), out);
      variants.push({ w, fmt, file, hash: hash8(out) });
    }
  }
  const meta = { width, height, color: toHex(dominant), focus, variants };
  await writeFile(join(tmp, "meta.json"), JSON.stringify(meta));
  await rm(dir, { recursive: true, force: true });
  await rename(tmp, dir);
  return { ...meta, dir, cached: false };
}

async function writeIfChanged(path, text) {
  try {
    if ((await readFile(path, "utf8")) === text) return;
  } catch {
    // missing: write it
  }
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/**
 * Builds all media. Paths default to the repository layout; tests pass their own.
 * @returns the manifest and counts.
 */
export async function buildMedia({
  contentDir = join(ROOT, "content/media"),
  publicDir = join(WEB, "public/media"),
  manifestPath = join(WEB, "src/generated/media.json"),
  cssPath = join(dirname(manifestPath), "media.css"),
  cacheDir = join(WEB, ".media-cache"),
  urlBase = "/media",
  concurrency = availableParallelism(),
} = {}) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const [images, videos, logos, documents] = await Promise.all([
    listDir(join(contentDir, mediaKinds.image.folder), extensionsOf("image")),
    listDir(join(contentDir, mediaKinds.video.folder), extensionsOf("video")),
    listDir(join(contentDir, mediaKinds.logo.folder), extensionsOf("logo")),
    listDir(join(contentDir, mediaKinds.document.folder), extensionsOf("document")),
  ]);

  // Build into a fresh folder, then swap it in, so a failed run leaves the old output.
  const out = `${publicDir}.tmp-${process.pid}`;
  await rm(out, { recursive: true, force: true });
  await Promise.all(
    ["img", "video", "logos", "documents"].map((d) => mkdir(join(out, d), { recursive: true })),
  );

  const manifest = { images: {}, videos: {}, logos: {}, documents: {} };
  let encoded = 0;
  try {
    const processed = await pool(images, concurrency, (img) => processImage(img, cacheDir));
    for (const [i, { name, file: source }] of images.entries()) {
      const p = processed[i];
      if (!p.cached) encoded++;
      const entry = {
        file: source,
        width: p.width,
        height: p.height,
        color: p.color,
        focus: p.focus,
        avif: [],
        webp: [],
      };
      for (const v of p.variants) {
        const file = `${name}-${v.w}.${v.hash}.${v.fmt}`;
        await copyFile(join(p.dir, v.file), join(out, "img", file));
        entry[v.fmt].push({ w: v.w, src: `${urlBase}/img/${file}` });
      }
      manifest.images[name] = entry;
    }

    for (const { name, path, file: source } of videos) {
      const buf = await readFile(path);
      if (buf.length < 12 || buf.subarray(4, 8).toString("latin1") !== "ftyp")
        throw new MediaError(`cannot read video ${rel(path)}: not an MP4 file`);
      const file = `${name}.${hash8(buf)}.mp4`;
      await writeFile(join(out, "video", file), buf);
      manifest.videos[name] = { file: source, src: `${urlBase}/video/${file}` };
    }

    for (const { name, path, file: source } of logos) {
      const buf = await readFile(path);
      const size = svgSize(buf.toString("utf8"));
      if (!size)
        throw new MediaError(
          `cannot read logo ${rel(path)}: the <svg> element needs width and height attributes or a viewBox`,
        );
      const file = `${name}.${hash8(buf)}.svg`;
      await writeFile(join(out, "logos", file), buf);
      manifest.logos[name] = { file: source, src: `${urlBase}/logos/${file}`, ...size };
    }

    for (const { name, path, file: source } of documents) {
      const buf = await readFile(path);
      if (buf.subarray(0, 5).toString("latin1") !== "%PDF-")
        throw new MediaError(`cannot read document ${rel(path)}: not a PDF file`);
      await writeFile(join(out, "documents", `${name}.pdf`), buf);
      manifest.documents[name] = {
        file: source,
        src: `${urlBase}/documents/${name}.pdf`,
        bytes: buf.length,
      };
    }
  } catch (err) {
    await rm(out, { recursive: true, force: true });
    throw err;
  }

  // media/share/ is build-share-images' (run after this step): keep it, so that
  // running this step alone does not leave share.json pointing at missing files.
  try {
    await rename(join(publicDir, "share"), join(out, "share"));
  } catch (err) {
    if (err.code !== "ENOENT") throw err;
  }
  await rm(publicDir, { recursive: true, force: true });
  await mkdir(dirname(publicDir), { recursive: true });
  await rename(out, publicDir);

  // Placeholder colours and focal points as classes: the CSP forbids inline style attributes.
  const css =
    "/* Generated by web/scripts/build-media.mjs: each image's dominant colour, shown until it loads, and its focal point, kept in view where a page cuts it. */\n" +
    Object.entries(manifest.images)
      .map(
        ([name, { color, focus }]) =>
          `.media-bg-${name}{background-color:${color};object-position:${focus[0]}% ${focus[1]}%}`,
      )
      .join("\n") +
    "\n";
  await writeIfChanged(manifestPath, JSON.stringify(manifest, null, 2) + "\n");
  await writeIfChanged(cssPath, css);

  return {
    manifest,
    counts: {
      images: images.length,
      encoded,
      cached: images.length - encoded,
      videos: videos.length,
      logos: logos.length,
      documents: documents.length,
    },
    ms: Math.round(performance.now() - started),
    cpuMs: Math.round((({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu))),
  };
}

async function main() {
  const { counts, ms, cpuMs } = await buildMedia();
  console.log(
    `build-media: ${counts.images} images (${counts.encoded} encoded, ${counts.cached} from cache), ` +
      `${counts.videos} videos, ${counts.logos} logos, ${counts.documents} documents in ${(ms / 1000).toFixed(1)} s (${(cpuMs / 1000).toFixed(1)} s CPU)`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof MediaError ? err.message : err);
    process.exit(1);
  });
}
