// Rules for the content screens' files (home, what-we-do, charity and its
// partners in charity/, governance, contact, privacy) that a JSON Schema cannot state: offices exist in site.json
// (and each has an accordion entry), partner ids are unique, no text is blank,
// and every {placeholder} names a value in site.json. Media files are checked
// for every file by ./fields.mjs.

export const screenFiles = [
  "home.json",
  "what-we-do.json",
  "charity.json",
  "governance.json",
  "contact.json",
  "privacy.json",
];

/** A value at a dotted path, as ~/lib/rich-text looks placeholders up. */
function lookup(/** @type {unknown} */ values, /** @type {string} */ path) {
  let cur = values;
  for (const key of path.split(".")) {
    if (cur === null || typeof cur !== "object" || !Object.hasOwn(cur, key)) return undefined;
    cur = /** @type {Record<string, unknown>} */ (cur)[key];
  }
  return typeof cur === "string" || typeof cur === "number" ? cur : undefined;
}

/** @type {import("../validate-content.mjs").ContentCheck} */
export function check(files) {
  /** @type {import("../validate-content.mjs").ContentError[]} */
  const errors = [];
  const site = /** @type {any} */ (files["site.json"]);
  const partners = Object.keys(files).filter((f) => f.startsWith("charity/"));
  for (const file of [...screenFiles, ...partners]) {
    const data = files[file];
    if (!data) continue;
    (function walk(/** @type {unknown} */ value, /** @type {string[]} */ keys) {
      const field = "/" + keys.join("/");
      if (typeof value === "string") {
        if (value.length > 0 && value.trim() === "") {
          errors.push({ file, field, reason: "is blank" });
        }
        for (const m of value.matchAll(/\{([a-zA-Z]+(?:\.[a-zA-Z0-9]+)*)\}/g)) {
          if (lookup(site, m[1] ?? "") === undefined) {
            errors.push({
              file,
              field,
              reason: `unknown placeholder {${m[1]}} (not in site.json)`,
            });
          }
        }
      } else if (Array.isArray(value)) {
        value.forEach((v, i) => walk(v, [...keys, String(i)]));
      } else if (value && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) if (k !== "$schema") walk(v, [...keys, k]);
      }
    })(data, []);
  }

  const officeIds = (site?.offices ?? []).map((/** @type {{id: string}} */ o) => o.id);
  const contact = /** @type {any} */ (files["contact.json"]);
  if (contact) {
    // Known offices, each listed once: ./rules.mjs (the schema's officeId).
    const listed = new Set(contact.offices.map((/** @type {{id: string}} */ o) => o.id));
    for (const id of officeIds) {
      if (!listed.has(id)) {
        errors.push({
          file: "contact.json",
          field: "/offices",
          reason: `office ${id} of site.json has no entry`,
        });
      }
    }
  }

  return errors;
}
