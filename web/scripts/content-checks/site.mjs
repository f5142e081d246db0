// Rules for content/site.json that a JSON Schema cannot state.
import { existsSync } from "node:fs";
import { join } from "node:path";

/** @type {import("../validate-content.mjs").ContentCheck} */
export function check(files, dir) {
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
  // The firm's mark: the Organization logo and the mark on every share image.
  if (site.logo && !existsSync(join(dir, "media", "logos", `${site.logo}.svg`))) {
    errors.push({
      file: "site.json",
      field: "/logo",
      reason: `no logo "${site.logo}": content/media/logos/${site.logo}.svg does not exist`,
    });
  }
  return errors;
}
