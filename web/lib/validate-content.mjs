// Validates every content file against its JSON Schema and the rules a schema
// cannot express (unique ids, references between files).
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { contentDir } from "./content-dir.mjs";
import { createValidator } from "./content-schema.mjs";

/**
 * @typedef {{ file: string, field: string, reason: string }} ContentError
 * @typedef {import("./content-schema.mjs").AnnotatedValue} AnnotatedValue
 * @typedef {(
 *   files: Record<string, unknown>,
 *   dir: string,
 *   annotated: Record<string, AnnotatedValue[]>,
 * ) => ContentError[]} ContentCheck
 *   `annotated` lists, per file, the values whose schema definition carries an
 *   `editor` annotation (media files, Markdown), found while validating.
 */

/**
 * Cross-file and uniqueness rules, run after the schemas pass: every module in
 * content-checks/ exports `check: ContentCheck`.
 * @returns {Promise<ContentCheck[]>}
 */
async function loadChecks() {
  const dir = new URL("./content-checks/", import.meta.url);
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(".mjs") && !f.endsWith(".test.mjs"))
    .sort();
  return Promise.all(names.map(async (f) => (await import(new URL(f, dir).href)).check));
}

/** Reads one JSON file, turning a syntax error into a ContentError. */
function readJson(dir, file, errors) {
  try {
    return JSON.parse(readFileSync(join(dir, file), "utf8"));
  } catch (err) {
    errors.push({
      file,
      field: "(file)",
      reason: err instanceof Error ? err.message : String(err),
    });
    return undefined;
  }
}

/**
 * The folders of entries: `schema/entries/<folder>.schema.json` describes each
 * `<folder>/*.json` (one person, vacancy or partner per file).
 * @param {string} [dir]
 */
export function entryFolders(dir = contentDir) {
  const schemas = join(dir, "schema", "entries");
  if (!existsSync(schemas)) return [];
  return readdirSync(schemas)
    .filter((f) => f.endsWith(".schema.json"))
    .map((f) => f.replace(/\.schema\.json$/, ""))
    .sort();
}

/**
 * Validates the content folder. Every `schema/<name>.schema.json` requires a
 * `<name>.json` beside it; every `schema/entries/<folder>.schema.json` is the
 * schema of each file in `<folder>/`. Errors name the file ("people/anna-de-vries.json").
 * @param {string} [dir]
 * @returns {Promise<ContentError[]>}
 */
export async function validateContent(dir = contentDir) {
  /** @type {ContentError[]} */
  const errors = [];
  const validator = createValidator();
  const schemaDir = join(dir, "schema");
  /** @type {Record<string, unknown>} */
  const files = {};
  /** @type {Record<string, AnnotatedValue[]>} */
  const annotated = {};
  /** @type {[file: string, schemaFile: string, schema: any][]} */
  const toValidate = [];
  for (const schemaFile of readdirSync(schemaDir)
    .filter((f) => f.endsWith(".schema.json"))
    .sort()) {
    const file = schemaFile.replace(/\.schema\.json$/, ".json");
    const schema = readJson(schemaDir, schemaFile, errors);
    if (!existsSync(join(dir, file))) {
      errors.push({ file, field: "(file)", reason: "file is missing" });
      continue;
    }
    toValidate.push([file, schemaFile, schema]);
  }
  for (const folder of entryFolders(dir)) {
    const schemaFile = `entries/${folder}.schema.json`;
    const schema = readJson(schemaDir, schemaFile, errors);
    const names = existsSync(join(dir, folder))
      ? readdirSync(join(dir, folder))
          .filter((f) => f.endsWith(".json"))
          .sort()
      : [];
    const min = schema?.editor?.minEntries ?? 0;
    if (names.length < min) {
      errors.push({
        file: `${folder}/`,
        field: "(folder)",
        reason: `needs at least ${min} entr${min === 1 ? "y" : "ies"}, has ${names.length}`,
      });
    }
    for (const name of names) toValidate.push([`${folder}/${name}`, schemaFile, schema]);
  }
  for (const [file, schemaFile, schema] of toValidate) {
    const data = readJson(dir, file, errors);
    if (schema === undefined || data === undefined) continue;
    let result;
    try {
      result = validator.validate(schema, data);
    } catch (err) {
      errors.push({ file: `schema/${schemaFile}`, field: "(schema)", reason: String(err) });
      continue;
    }
    if (!result.valid) {
      for (const e of result.errors) {
        const field =
          e.keyword === "required"
            ? `${e.instancePath}/${e.params.missingProperty}`
            : e.keyword === "additionalProperties"
              ? `${e.instancePath}/${e.params.additionalProperty}`
              : e.instancePath || "(root)";
        // A pattern says in words what it allows (a date's range), where the schema says it.
        const words = e.keyword === "pattern" ? e.parentSchema?.editor?.message : undefined;
        const reason = e.message ?? e.keyword;
        errors.push({ file, field, reason: words ? `${reason}: ${words}` : reason });
      }
      continue;
    }
    files[file] = data;
    annotated[file] = result.annotated;
  }
  // Cross-file rules need every file to be well formed first.
  if (errors.length === 0) {
    for (const check of await loadChecks()) errors.push(...check(files, dir, annotated));
  }
  return errors;
}

/** @param {ContentError} e */
export function formatError(e) {
  return `content/${e.file}: ${e.field}: ${e.reason}`;
}
