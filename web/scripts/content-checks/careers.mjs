// Rules for content/careers.json that a JSON Schema cannot state: unique ids and
// slugs, offices that exist in site.json, dates in order and no blank text.
// Media files and the role texts' Markdown are checked for every file by
// ./fields.mjs.

/** @type {import("../validate-content.mjs").ContentCheck} */
export function check(files) {
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
  });
  return errors;
}
