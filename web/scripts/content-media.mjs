// Media travel with the content that names them. The whole media manifest
// (app/generated/media.json, every image at every width and format) is too big
// to ship to every page, so a page gets only the entries its content names:
//
//   import homeMedia from "virtual:media/home.json";
//     -> the part of the manifest that the strings of content/home.json name
//   import teaserMedia from "virtual:media/charity.json?pick=teaser";
//     -> only what content/charity.json's `teaser` names
//   import pool from "virtual:content/employees.json?pick=employees&fields=id,name,image";
//     -> that part of the content itself (an array's items cut to `fields`)
//   "...&sample=3&seed=2014" (content and media alike)
//     -> only the items sample(list, 3, seededRng(2014)) draws (~/lib/directory),
//        e.g. the set a page prerenders before it loads the rest
//
// ~/lib/media's registerMedia() adds a part to what image(name) and friends
// resolve. A name that is not in the manifest is left out here and fails the
// prerender in image(name); scripts/content-checks name the file and field
// before that.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sample, seededRng } from "../app/lib/directory.ts";
import { careerHtmlFields } from "./safe-html.mjs";

const CONTENT_DIR = fileURLToPath(new URL("../../content", import.meta.url));
const MANIFEST = fileURLToPath(new URL("../app/generated/media.json", import.meta.url));
const PREFIX = /^virtual:(media|content)\/([a-z0-9-]+\.json)(?:\?(.*))?$/;
const KINDS = /** @type {const} */ (["images", "videos", "logos", "documents"]);

/**
 * The value at a dotted path, with array items cut to `fields` when given.
 * @param {unknown} data
 * @param {string | null} pick
 * @param {string[] | null} fields
 */
export function pickContent(data, pick, fields) {
  let value = data;
  for (const key of pick ? pick.split(".") : []) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) {
      throw new Error(`no field "${pick}"`);
    }
    value = /** @type {Record<string, unknown>} */ (value)[key];
  }
  if (!fields) return value;
  /** @param {unknown} item */
  const cut = (item) =>
    Object.fromEntries(
      fields
        .filter((f) => Object.hasOwn(/** @type {object} */ (item), f))
        .map((f) => [f, /** @type {Record<string, unknown>} */ (item)[f]]),
    );
  return Array.isArray(value) ? value.map(cut) : cut(value);
}

/**
 * The entries of the manifest that any string in `data` names, per kind.
 * @param {unknown} data
 * @param {Record<string, Record<string, unknown>>} manifest
 */
export function mediaNamedBy(data, manifest) {
  /** @type {Record<string, Record<string, unknown>>} */
  const part = Object.fromEntries(KINDS.map((k) => [k, {}]));
  (function walk(/** @type {unknown} */ value) {
    if (typeof value === "string") {
      for (const kind of KINDS) {
        const entries = manifest[kind] ?? {};
        if (Object.hasOwn(entries, value)) part[kind][value] = entries[value];
      }
    } else if (value !== null && typeof value === "object") {
      for (const v of Object.values(value)) walk(v);
    }
  })(data);
  return part;
}

/**
 * The part with its images packed (~/lib/media's registerMedia unpacks them):
 * `[width, height, color, [[w, hash], ...avif], [[w, hash], ...webp]]` instead
 * of a full URL per variant, which is most of an entry's bytes. An image whose
 * URLs do not follow `<imageBase><name>-<w>.<hash>.<format>` stays as it is.
 * @param {Record<string, Record<string, any>>} part
 */
export function packImages(part) {
  const first = Object.values(part.images ?? {})[0]?.webp?.[0]?.src;
  if (typeof first !== "string") return part;
  const imageBase = first.slice(0, first.lastIndexOf("/") + 1);
  /** @type {Record<string, unknown>} */
  const images = {};
  for (const [name, e] of Object.entries(part.images ?? {})) {
    /** @param {"avif" | "webp"} fmt */
    const variants = (fmt) =>
      e[fmt].map((/** @type {{ w: number; src: string }} */ v) => {
        const hash = v.src.slice(`${imageBase}${name}-${v.w}.`.length, -`.${fmt}`.length);
        return `${imageBase}${name}-${v.w}.${hash}.${fmt}` === v.src && /^\w+$/.test(hash)
          ? [v.w, hash]
          : null;
      });
    const avif = variants("avif");
    const webp = variants("webp");
    images[name] = [...avif, ...webp].includes(null) ? e : [e.width, e.height, e.color, avif, webp];
  }
  return { ...part, images, imageBase };
}

/**
 * Whether any object in `data` has one of `keys`.
 * @param {unknown} data
 * @param {readonly string[]} keys
 * @returns {boolean}
 */
function holdsKey(data, keys) {
  if (data === null || typeof data !== "object") return false;
  return Object.entries(data).some(([k, v]) => keys.includes(k) || holdsKey(v, keys));
}

/** @returns {import("vite").Plugin} */
export function contentMediaPlugin({ contentDir = CONTENT_DIR, manifestPath = MANIFEST } = {}) {
  return {
    name: "veldhaven:content-media",
    enforce: "pre",
    resolveId(id) {
      // Vite's JSON plugin claims any id with ".json" before its end or "?".
      return PREFIX.test(id) ? `\0${id.replace(".json", ".json|")}` : null;
    },
    load(resolved) {
      if (!resolved.startsWith("\0virtual:")) return null;
      const id = resolved.slice(1).replace(".json|", ".json");
      const m = PREFIX.exec(id);
      if (!m) return null;
      const [, what, file, query = ""] = /** @type {string[]} */ (m);
      const params = new URLSearchParams(query);
      const fields = params.get("fields")?.split(",") ?? null;
      const path = join(contentDir, /** @type {string} */ (file));
      this.addWatchFile(path);
      let data;
      try {
        data = pickContent(JSON.parse(readFileSync(path, "utf8")), params.get("pick"), fields);
        if (params.has("sample")) {
          if (!Array.isArray(data)) throw new Error("sample needs a list");
          data = sample(data, Number(params.get("sample")), seededRng(Number(params.get("seed"))));
        }
      } catch (err) {
        throw new Error(`${id}: ${/** @type {Error} */ (err).message}`);
      }
      if (what === "content") {
        // HTML fields are sanitised by the JSON import (scripts/safe-html.mjs), not here.
        if (file === "careers.json" && holdsKey(data, careerHtmlFields)) {
          throw new Error(`${id}: HTML fields need #content/careers.json (sanitised)`);
        }
        return `export default ${JSON.stringify(data)};`;
      }
      this.addWatchFile(manifestPath);
      let manifest;
      try {
        manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
      } catch {
        throw new Error(
          `${manifestPath} is missing: run \`npm run media\` (scripts/build-media.mjs)`,
        );
      }
      return `export default ${JSON.stringify(packImages(mediaNamedBy(data, manifest)))};`;
    },
  };
}
