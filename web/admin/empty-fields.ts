// Decap writes "" for an optional text a person clears, but the content schemas
// want such a key absent (an empty e-mail does not match the e-mail pattern).
// Before a save the entry's data is cleaned with the same field list the editor
// shows: an empty string in an optional field without a default is dropped.

export interface EditorField {
  name: string;
  widget?: string;
  required?: boolean;
  default?: unknown;
  fields?: EditorField[];
  field?: EditorField;
  /** A select of several choices (an employee's teams) holds a list. */
  multiple?: boolean;
  /** A list's least number of entries (the schema's minItems). */
  min?: number;
}

type Data = Record<string, unknown>;

function isObject(value: unknown): value is Data {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A key path into an entry's data: property names and list indexes. */
export type KeyPath = (string | number)[];

/**
 * Where `data` holds an empty optional string, at any depth: the paths to
 * delete. Decap's preSave handler must return the entry's data as Decap keeps
 * it (an Immutable map), so the editor deletes these paths from that map
 * (`deleteIn`) rather than handing back a cleaned plain copy.
 */
export function emptyOptionalPaths(
  data: Data,
  fields: readonly EditorField[],
  at: KeyPath = [],
): KeyPath[] {
  const paths: KeyPath[] = [];
  for (const field of fields) {
    const value = data[field.name];
    const path = [...at, field.name];
    if (value === "" && field.required === false && field.default === undefined) {
      paths.push(path);
    } else if (field.widget === "object" && field.fields && isObject(value)) {
      paths.push(...emptyOptionalPaths(value, field.fields, path));
    } else if (field.widget === "list" && field.fields && Array.isArray(value)) {
      const itemFields = field.fields;
      value.forEach((item, index) => {
        if (isObject(item)) paths.push(...emptyOptionalPaths(item, itemFields, [...path, index]));
      });
    }
  }
  return paths;
}
