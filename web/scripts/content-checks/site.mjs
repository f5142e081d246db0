// Rules for content/site.json that a JSON Schema cannot state. The firm's mark
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
  const ids = new Set();
  site.offices.forEach((/** @type {{id: string}} */ office, /** @type {number} */ i) => {
    if (ids.has(office.id)) {
      errors.push({
        file: "site.json",
        field: `/offices/${i}/id`,
        reason: `duplicate id ${office.id}`,
      });
    }
    ids.add(office.id);
  });
  return errors;
}
