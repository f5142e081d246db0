// The content schemas by content file name ("careers" -> content/schema/careers.schema.json),
// as the editor's configuration is generated from them (admin/config.mjs).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { contentDir } from "../scripts/content-dir.mjs";

/** @returns {Record<string, Record<string, any>>} */
export function readSchemas(dir = join(contentDir, "schema")) {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith(".schema.json"))
      .map((f) => [
        f.replace(/\.schema\.json$/, ""),
        JSON.parse(readFileSync(join(dir, f), "utf8")),
      ]),
  );
}
