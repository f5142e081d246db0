// Rules for content/careers.json and the vacancies (content/careers/*.json)
// that a JSON Schema cannot state: no blank text, and a benefits text where
// the vacancy has no benefits list to show instead.
// Unique ids and slugs, offices that exist in site.json and dates in order are
// rules the schema names (./rules.mjs); media files and the role texts'
// Markdown are checked for every file by ./fields.mjs.

/** @type {import("../validate-content.mjs").ContentCheck} */
export function check(files) {
  /** @type {import("../validate-content.mjs").ContentError[]} */
  const errors = [];
  for (const [file, data] of Object.entries(files)) {
    if (file !== "careers.json" && !file.startsWith("careers/")) continue;
    // Text that is only whitespace passes minLength but shows nothing.
    (function blank(/** @type {unknown} */ value, /** @type {string} */ path) {
      if (typeof value === "string") {
        if (value.length > 0 && value.trim() === "")
          errors.push({ file, field: path, reason: "is blank" });
      } else if (Array.isArray(value)) value.forEach((v, i) => blank(v, `${path}/${i}`));
      else if (value && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) if (k !== "$schema") blank(v, `${path}/${k}`);
      }
    })(data, "");
    const vacancy = /** @type {{ benefitsList?: unknown[], benefitsText?: string }} */ (data);
    if (file.startsWith("careers/") && !vacancy.benefitsList?.length && !vacancy.benefitsText) {
      errors.push({
        file,
        field: "/benefitsText",
        reason:
          "is needed when the benefits list is empty: write what the firm offers, or list the benefits",
      });
    }
  }
  return errors;
}
