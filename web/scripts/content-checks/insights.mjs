// Rules for content/insights.json that a JSON Schema cannot state: the logos
// it names exist. (The post card renders only in the browser, so a missing
// logo would not fail the prerender.)
import { existsSync } from "node:fs";
import { join } from "node:path";

/** @type {import("../validate-content.mjs").ContentCheck} */
export function check(files, dir) {
  const insights = /** @type {any} */ (files["insights.json"]);
  if (!insights) return [];
  const errors = [];
  for (const field of ["logo", "placeholderLogo"]) {
    const name = insights.card?.[field];
    if (typeof name === "string" && !existsSync(join(dir, "media", "logos", `${name}.svg`))) {
      errors.push({
        file: "insights.json",
        field: `/card/${field}`,
        reason: `no logo content/media/logos/${name}.svg`,
      });
    }
  }
  return errors;
}
