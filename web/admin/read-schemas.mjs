// The content schemas by content file name ("careers" -> content/schema/careers.schema.json),
// as the editor's configuration is generated from them (admin/config.mjs).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { contentDir } from "../lib/content-dir.mjs";
import { entryFolders } from "../lib/validate-content.mjs";

/**
 * The schemas by content file name, and each folder's entry schema by
 * "entries/<folder>" (content/schema/entries/people.schema.json -> "entries/people").
 * @returns {Record<string, Record<string, any>>}
 */
export function readSchemas(dir = join(contentDir, "schema")) {
  const read = (/** @type {string} */ sub) =>
    existsSync(join(dir, sub))
      ? readdirSync(join(dir, sub))
          .filter((f) => f.endsWith(".schema.json"))
          .map((f) => [
            join(sub, f.replace(/\.schema\.json$/, "")),
            JSON.parse(readFileSync(join(dir, sub, f), "utf8")),
          ])
      : [];
  return Object.fromEntries([...read(""), ...read("entries")]);
}

/**
 * The content files by name ("site" -> content/site.json) and the folders'
 * entries by path ("people/anna-de-vries.json"): the choices of the fields
 * that pick from another file or folder are read from them (admin/config.mjs).
 * @returns {Record<string, any>}
 */
export function readContentFiles(dir = contentDir) {
  const json = (/** @type {string} */ path) => JSON.parse(readFileSync(join(dir, path), "utf8"));
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  const entries = entryFolders(dir).flatMap((folder) =>
    readdirSync(join(dir, folder))
      .filter((f) => f.endsWith(".json"))
      .map((f) => `${folder}/${f}`),
  );
  return Object.fromEntries([
    ...files.map((f) => [f.replace(/\.json$/, ""), json(f)]),
    ...entries.map((path) => [path, json(path)]),
  ]);
}
