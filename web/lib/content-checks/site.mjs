// Rules for content/site.json that a JSON Schema cannot state (unique office
// ids are named by the schema: ./rules.mjs). The firm's mark
// (`logo`, a logoFile) must exist in content/media/logos: ./fields.mjs checks it
// with every other media file.

/** @type {import("../validate-content.mjs").ContentCheck} */
export function check(files) {
  const site = /** @type {any} */ (files["site.json"]);
  const errors = [];
  const seen = new Set();
  site.nav.forEach((/** @type {{to: string}} */ link, /** @type {number} */ i) => {
    if (seen.has(link.to)) {
      errors.push({
        file: "site.json",
        field: `/nav/${i}/to`,
        reason: `${link.to} is listed twice`,
      });
    }
    seen.add(link.to);
  });
  return errors;
}
