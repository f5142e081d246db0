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

/**
 * The content files by name ("site" -> content/site.json): the choices of the
 * fields that pick from another file are read from them (admin/config.mjs).
 * @returns {Record<string, any>}
 */
export function readContentFiles(dir = contentDir) {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(join(dir, f), "utf8"))]),
  );
}
