// What a save or a deletion would break elsewhere: an office renamed that
// vacancies name, a team removed that people are in, a person deleted whom
// Who we are quotes, a value a page's {placeholder} reads, a slug another
// vacancy has. The editor runs the build's own content checks
// (lib/content-checks/, all but the media files', which read the disk) on
// the content as published with the change made, and refuses the change when
// they find something they did not find before, naming the place. The values
// the checks' schema annotations apply to come from the editor's fields
// (admin/config.mjs put the annotations there), not from Ajv, which the
// editor's policy refuses to run.
import type { ContentCheck, ContentError } from "../lib/validate-content.mjs";
import { check as careersCheck } from "../lib/content-checks/careers.mjs";
import { check as rulesCheck } from "../lib/content-checks/rules.mjs";
import { check as screensCheck } from "../lib/content-checks/screens.mjs";
import { check as siteCheck } from "../lib/content-checks/site.mjs";
import type { AnnotatedValue, EditorAnnotation } from "../lib/content-schema.mjs";
import type { ContentFiles } from "./decap-internals";
import type { EditorField } from "./empty-fields";
import type { RuleField } from "./field-rules";

const checks: ContentCheck[] = [careersCheck, rulesCheck, screensCheck, siteCheck];

type Field = EditorField & RuleField & { label?: string; label_singular?: string };

interface Collection {
  name: string;
  label?: string;
  label_singular?: string;
  folder?: string;
  files?: { name: string; label?: string; file?: string; fields: Field[] }[];
  fields?: Field[];
}

/** A content file's form: its fields and how staff call it. */
interface Form {
  fields: Field[];
  /** "Who we are"; for a folder's entry, the word for one ("Vacancy"). */
  label: string;
  entry: boolean;
}

/** The forms by content path: a file's ("site.json"), a folder's ("careers/"). */
export function formsOf(collections: Collection[]): Map<string, Form> {
  const forms = new Map<string, Form>();
  for (const c of collections) {
    if (c.folder && c.fields) {
      const label = c.label_singular ?? c.label ?? c.name;
      forms.set(`${c.folder.replace(/^content\//, "")}/`, { fields: c.fields, label, entry: true });
    }
    for (const f of c.files ?? []) {
      const path = (f.file ?? `${f.name}.json`).replace(/^content\//, "");
      forms.set(path, { fields: f.fields, label: f.label ?? f.name, entry: false });
    }
  }
  return forms;
}

/** The form of a content file: its own, or its folder's. */
export const formOf = (forms: Map<string, Form>, path: string) =>
  forms.get(path) ?? forms.get(path.slice(0, path.indexOf("/") + 1));

/**
 * The values a field's annotation applies to, as the build's validation lists
 * them: the field's own value, each item of a multiple choice, then what its
 * object's or list's fields hold.
 */
function annotate(value: unknown, field: Field, path: string, out: AnnotatedValue[]) {
  if (value === undefined) return;
  const editor: EditorAnnotation = {};
  if (field.options_from && !field.multiple) editor.options = field.options_from;
  if (field.unique) editor.unique = field.unique.entry;
  if (field.not_before) editor.notBefore = field.not_before.field;
  if (Object.keys(editor).length > 0) out.push({ path, value, editor });
  if (field.options_from && field.multiple && Array.isArray(value)) {
    value.forEach((v, i) =>
      out.push({ path: `${path}/${i}`, value: v, editor: { options: field.options_from } }),
    );
  }
  if (field.fields && value && typeof value === "object" && !Array.isArray(value)) {
    for (const f of field.fields)
      annotate((value as Record<string, unknown>)[f.name], f as Field, `${path}/${f.name}`, out);
  }
  if (field.widget === "list" && Array.isArray(value)) {
    value.forEach((item, i) => {
      if (field.field) annotate(item, field.field as Field, `${path}/${i}`, out);
      else if (item && typeof item === "object")
        for (const f of field.fields ?? [])
          annotate(
            (item as Record<string, unknown>)[f.name],
            f as Field,
            `${path}/${i}/${f.name}`,
            out,
          );
    });
  }
}

/** Each content file's annotated values, from the editor's fields. */
export function annotatedOf(files: ContentFiles, forms: Map<string, Form>) {
  const out: Record<string, AnnotatedValue[]> = {};
  for (const [path, data] of Object.entries(files)) {
    const values: AnnotatedValue[] = [];
    const root = { name: "", widget: "object", fields: formOf(forms, path)?.fields ?? [] };
    annotate(data, root as Field, "", values);
    out[path] = values;
  }
  return out;
}

/** What the build's content checks find in `files` (media files aside). */
export function contentErrors(files: ContentFiles, forms: Map<string, Form>): ContentError[] {
  const annotated = annotatedOf(files, forms);
  return checks.flatMap((check) => check(files, "", annotated));
}

/** The field of an error as staff see it: "Offices > Office 2 > Id" for "/offices/1/id". */
function fieldWords(fields: Field[], pointer: string): string {
  const words: string[] = [];
  let at: Field[] | undefined = fields;
  let list: Field | undefined;
  for (const key of pointer.split(" ")[0]!.split("/").slice(1)) {
    if (list && /^\d+$/.test(key)) {
      words.push(`${list.label_singular ?? "Item"} ${Number(key) + 1}`);
      at = list.fields;
      list = undefined;
      continue;
    }
    const field: Field | undefined = at?.find((f) => f.name === key);
    if (!field) break;
    words.push(field.label ?? field.name);
    at = field.fields;
    list = field.widget === "list" ? field : undefined;
  }
  return words.join(" > ");
}

/** A content file as staff know it: "Who we are", "Vacancy Asset Manager". */
function placeOf(forms: Map<string, Form>, files: ContentFiles, path: string): string {
  const form = formOf(forms, path);
  if (!form) return `content/${path}`;
  if (!form.entry) return form.label;
  const data = (files[path] ?? {}) as Record<string, unknown>;
  const name = data.name ?? data.title ?? path.slice(path.indexOf("/") + 1, -".json".length);
  return `${form.label} ${String(name)}`;
}

/** A problem a change makes: where, in staff's words, and the build's reason. */
export interface Breakage {
  /** The content file ("careers/asset-manager.json"). */
  file: string;
  /** "Vacancy Asset Manager" */
  place: string;
  /** "Office" */
  field: string;
  reason: string;
}

/** What the build would refuse in `after` that it does not refuse in `before`. */
export function breakages(
  before: ContentFiles,
  after: ContentFiles,
  forms: Map<string, Form>,
): Breakage[] {
  const key = (e: ContentError) => `${e.file}\n${e.field}\n${e.reason}`;
  const known = new Set(contentErrors(before, forms).map(key));
  return contentErrors(after, forms)
    .filter((e) => !known.has(key(e)))
    .map((e) => ({
      file: e.file,
      place: placeOf(forms, after, e.file),
      field: fieldWords(formOf(forms, e.file)?.fields ?? [], e.field),
      reason: e.reason,
    }));
}

const where = (b: Breakage) => (b.field ? `${b.field} on ${b.place}` : b.place);

/** Why a save is refused: the first place it breaks with the build's reason, then the others'. */
export function saveRefusal(found: Breakage[]): string | undefined {
  const [first] = found;
  if (!first) return undefined;
  const others = [...new Set(found.map(where))].filter((w) => w !== where(first));
  const shown = others.length > 4 ? [...others.slice(0, 3), `${others.length - 3} more`] : others;
  const also =
    shown.length === 0
      ? ""
      : ` The same goes for ${shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`}.`;
  return `Not saved: the site could not be built with this change. ${where(first)}: ${first.reason}${also} Change that first, then save again.`;
}

/** Why a deletion is refused: the places that name what is deleted. */
export function deleteRefusal(name: string, found: Breakage[]): string | undefined {
  if (found.length === 0) return undefined;
  const places = [...new Set(found.map(where))];
  return `${name} is chosen in ${places.join(", ")}: choose another there first, then delete.`;
}
