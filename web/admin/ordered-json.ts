// Decap writes a JSON file from its Immutable map, whose key order is a hash
// order once an object has more than eight keys: one changed title rewrote a
// whole file, and a pull request could not be reviewed. This format writes the
// keys in the order of the entry's fields (the schema's order) at every depth,
// so a change shows as the lines it changed.
import type { EditorField } from "./empty-fields";

type Data = Record<string, unknown>;

function isObject(value: unknown): value is Data {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A required list that may be empty ("leave empty to show the text"): Decap
 * leaves a list nobody touched out of a new entry, and the build refuses the
 * file for the missing key, so it is written as an empty list.
 */
function isRequiredEmptyableList(field: EditorField): boolean {
  return field.widget === "list" && field.required !== false && !field.min;
}

/**
 * `data` with its keys in the order of `fields` at every depth (a required list
 * left out written as []); keys no field names follow, as they were.
 */
export function orderLike(data: Data, fields: readonly EditorField[]): Data {
  const out: Data = {};
  for (const field of fields) {
    if (!Object.hasOwn(data, field.name) || data[field.name] == null) {
      if (isRequiredEmptyableList(field)) out[field.name] = [];
      continue;
    }
    out[field.name] = orderValue(data[field.name], field);
  }
  for (const [key, value] of Object.entries(data)) {
    if (!Object.hasOwn(out, key)) out[key] = value;
  }
  return out;
}

function orderValue(value: unknown, field: EditorField): unknown {
  if (field.widget === "object" && field.fields && isObject(value))
    return orderLike(value, field.fields);
  if (field.widget === "list" && Array.isArray(value)) {
    const { fields, field: single } = field;
    return value.map((item) => {
      if (fields && isObject(item)) return orderLike(item, fields);
      if (single) return orderValue(item, single);
      return item;
    });
  }
  return value;
}

/**
 * A Decap format for the content files: JSON as the repository writes it (two
 * spaces), keys in field order. Decap hands `toFile` the entry's top-level
 * field names; they pick the file's fields among `files`.
 */
export function orderedJsonFormat(files: readonly (readonly EditorField[])[]) {
  const byKeys = new Map(files.map((fields) => [fields.map((f) => f.name).join("\n"), fields]));
  return {
    fromFile(content: string): unknown {
      return JSON.parse(content);
    },
    toFile(data: Data, sortedKeys: string[] = []): string {
      const fields = byKeys.get(sortedKeys.join("\n"));
      return JSON.stringify(fields ? orderLike(data, fields) : data, null, 2);
    },
  };
}
