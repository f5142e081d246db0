// Rules for content/careers.json that a JSON Schema cannot state: unique ids and
// slugs, offices that exist in site.json, dates in order, media that exist, no
// blank text, and role HTML within the allow-list of scripts/safe-html.mjs.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { careerHtmlFields, unsafeHtmlReasons } from "../safe-html.mjs";

const imageFields = [
  "overviewImage",
  "headerImage",
  "roleImage",
  "roleImage2",
  "profileImageMobile",
  "profileImageTablet",
  "profileImageDesktop",
  "contactImage",
];

/** @param {string} dir @param {string} name */
const imageExists = (dir, name) =>
  [".jpg", ".png"].some((ext) => existsSync(join(dir, "media", "images", name + ext)));

/** @type {import("../validate-content.mjs").ContentCheck} */
export function check(files, dir) {
  const careers = /** @type {any} */ (files["careers.json"]);
  const site = /** @type {any} */ (files["site.json"]);
  if (!careers) return [];
  /** @type {import("../validate-content.mjs").ContentError[]} */
  const errors = [];
  const err = (/** @type {string} */ field, /** @type {string} */ reason) =>
    errors.push({ file: "careers.json", field, reason });

  // Text that is only whitespace passes minLength but shows nothing.
  (function blank(/** @type {unknown} */ value, /** @type {string} */ path) {
    if (typeof value === "string") {
      if (value.length > 0 && value.trim() === "") err(path, "is blank");
    } else if (Array.isArray(value)) value.forEach((v, i) => blank(v, `${path}/${i}`));
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) if (k !== "$schema") blank(v, `${path}/${k}`);
    }
  })(careers, "");

  if (!imageExists(dir, careers.page.videoPoster)) {
    err(
      "/page/videoPoster",
      `no image content/media/images/${careers.page.videoPoster}.jpg or .png`,
    );
  }
  if (!existsSync(join(dir, "media", "video", `${careers.page.video}.mp4`))) {
    err("/page/video", `no video content/media/video/${careers.page.video}.mp4`);
  }

  const officeIds = new Set((site?.offices ?? []).map((/** @type {{id: string}} */ o) => o.id));
  /** @type {Map<string, number>} */
  const slugs = new Map();
  /** @type {Map<number, number>} */
  const ids = new Map();
  careers.vacancies.forEach((/** @type {any} */ v, /** @type {number} */ i) => {
    const at = `/vacancies/${i}`;
    if (slugs.has(v.slug))
      err(`${at}/slug`, `duplicate slug ${v.slug} (also vacancy ${slugs.get(v.slug)})`);
    else slugs.set(v.slug, i);
    if (ids.has(v.id)) err(`${at}/id`, `duplicate id ${v.id} (also vacancy ${ids.get(v.id)})`);
    else ids.set(v.id, i);
    if (site && !officeIds.has(v.office)) {
      err(
        `${at}/office`,
        `unknown office ${v.office} (one of ${[...officeIds].join(", ")} in site.json)`,
      );
    }
    if (v.validThrough !== undefined && v.validThrough < v.datePosted) {
      err(`${at}/validThrough`, `${v.validThrough} is before datePosted ${v.datePosted}`);
    }
    for (const field of imageFields) {
      const name = v[field];
      if (name !== undefined && !imageExists(dir, name)) {
        err(`${at}/${field}`, `no image content/media/images/${name}.jpg or .png`);
      }
    }
    for (const field of careerHtmlFields) {
      if (typeof v[field] !== "string") continue;
      for (const reason of unsafeHtmlReasons(v[field])) err(`${at}/${field}`, reason);
    }
  });
  return errors;
}
