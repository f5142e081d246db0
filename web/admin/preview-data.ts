// What a preview does to an entry's data before the site's components draw it:
// what the build does to the content module. Markdown fields become HTML with
// the build's own renderer (scripts/content-markdown.mjs turns raw HTML into
// text and drops unsafe links), so a preview never puts an entry's HTML on the
// editor's page.
import { markdownToHtml } from "../scripts/content-markdown.mjs";
import type { EditorField } from "./empty-fields";

type Data = Record<string, unknown>;

function isObject(value: unknown): value is Data {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function render(value: unknown, field: EditorField): unknown {
  if (field.widget === "markdown") return typeof value === "string" ? markdownToHtml(value) : value;
  if (field.widget === "object" && field.fields && isObject(value))
    return renderFields(value, field.fields);
  if (field.widget === "list" && Array.isArray(value)) {
    const { fields, field: single } = field;
    return value.map((item) => {
      if (fields && isObject(item)) return renderFields(item, fields);
      if (single) return render(item, single);
      return item;
    });
  }
  return value;
}

/**
 * A required field not filled in yet (a person or vacancy just added, whose
 * team list Decap leaves absent) as the empty value of its kind, which the
 * site's components can draw; numbers, choices and switches stay absent.
 */
function empty(field: EditorField): unknown {
  if (field.widget === "list" || (field.widget === "select" && field.multiple)) return [];
  if (field.widget === "object") return renderFields({}, field.fields ?? []);
  if (field.widget === "number" || field.widget === "select" || field.widget === "boolean") {
    return undefined;
  }
  return "";
}

function renderFields(data: Data, fields: readonly EditorField[]): Data {
  const out: Data = { ...data };
  for (const field of fields) {
    if (Object.hasOwn(out, field.name)) {
      out[field.name] = render(out[field.name], field);
    } else if (field.required) {
      const value = empty(field);
      if (value !== undefined) out[field.name] = value;
    }
  }
  return out;
}

/** The entry's data as the build's content module would hold it. */
export function prepareForPreview(data: Data, fields: readonly EditorField[]): Data {
  return renderFields(structuredClone(data), fields);
}
