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
}

type Data = Record<string, unknown>;

function isObject(value: unknown): value is Data {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A copy of `data` without the empty optional strings, at any depth. */
export function dropEmptyOptional(data: Data, fields: readonly EditorField[]): Data {
  const out: Data = { ...data };
  for (const field of fields) {
    const value = out[field.name];
    if (value === "" && field.required === false && field.default === undefined) {
      delete out[field.name];
    } else if (field.widget === "object" && field.fields && isObject(value)) {
      out[field.name] = dropEmptyOptional(value, field.fields);
    } else if (field.widget === "list" && field.fields && Array.isArray(value)) {
      const itemFields = field.fields;
      out[field.name] = value.map((item) =>
        isObject(item) ? dropEmptyOptional(item, itemFields) : item,
      );
    }
  }
  return out;
}
