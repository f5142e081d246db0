// The editor's configuration (Decap CMS), generated from the content schemas
// the build validates against: one source of truth, so the editor's forms and
// the build's validation cannot drift apart. The server adds the backend part
// (local or GitHub) when it serves /admin/config.yml; this is everything else.
//
// Schema -> field rules (docs/editing.md has the staff's side of it):
// - label: the node's `title`, else the property name in words; hint: `description`.
// - widget: the node's `editor.widget` annotation, else by type: enum -> select,
//   integer/number -> number, boolean -> boolean, array -> list, object -> object,
//   string -> string, or text for long free text.
// - required: listed in the parent's `required` (and, for strings, minLength >= 1).
// - pattern, minLength and maxLength become one `pattern` with a message, so the
//   editor refuses what the build would refuse, with the same rule.
// - minItems/maxItems become the list's min/max.
// - Media (`editor.folder`) are uploaded to content/media/<folder> and stored as
//   the bare file name, as the content files refer to them; a photo narrower
//   than `editor.minWidth` (800 px when unsaid) is refused, on upload and when chosen.
// - Rules between values (lib/content-rules.mjs) travel with the field for
//   admin/rule-control.tsx: `editor.unique` -> unique (the list, the entry's
//   word), `editor.assign` -> the "assigned-id" widget, `editor.options` -> a
//   select whose options are read from the content when the editor is built,
//   `editor.notBefore` -> not_before; an enum's `editor.labels` name its options.
// - A date (the schemas' date pattern) is typed day first and saved as 2026-12-31
//   (./date-control.tsx checks it, in the order the box asks for).
// - Hints are plain text (Decap would read **bold** in them as Markdown) and
//   begin with "Required." on a required field.
import { optionsFrom } from "../lib/content-rules.mjs";
import { mediaKinds } from "../lib/media-kinds.mjs";
import { editorGroups } from "./groups.mjs";
import { MAX_UPLOAD_BYTES } from "./upload-rules.ts";

/** The schemas' pattern of a date written as 2026-12-31, in the years a vacancy can have (2000-2099). */
export const DATE_PATTERN = "^20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$";

/** The width a photo is shown at when its field does not say (a portrait: docs/editing.md). */
export const DEFAULT_MIN_WIDTH = 800;

/** Text shown as itself in a hint, which Decap renders as Markdown. */
export function plainHint(text) {
  return text.replace(/([\\`*_[\]#<>~|])/g, "\\$1");
}

/** The name of the editor's format for content files (admin/ordered-json.ts). */
export const CONTENT_FORMAT = "content-json";

/**
 * @typedef {Record<string, any>} Schema
 * @typedef {Record<string, any>} Field
 */

/**
 * Words of the content's property names as staff say them: abbreviations in
 * capitals, and the web developer's words (alt, href, eyebrow) in plain ones.
 */
const STAFF_WORDS = new Map([
  ["alt", "photo description"],
  ["anbi", "ANBI"],
  ["dna", "DNA"],
  ["esg", "ESG"],
  ["eyebrow", "small heading"],
  ["href", "link address"],
  ["lat", "latitude"],
  ["linkedin", "LinkedIn"],
  ["liv", "LIV"],
  ["lon", "longitude"],
  ["sfdr", "SFDR"],
  ["toc", "contents list"],
  ["ui", "UI"],
  ["url", "URL"],
]);

/** "roleImage2Alt" -> "Role image 2 photo description"; "/what-we-do" -> "What we do". */
export function humanize(name) {
  if (name === "/") return "Home";
  const words = name
    .replace(/^\//, "")
    .replace(/[-_/]+/g, " ")
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .replace(/([0-9])([A-Za-z])/g, "$1 $2")
    .toLowerCase()
    .trim()
    .split(/\s+/)
    .map((word) => STAFF_WORDS.get(word) ?? word)
    .join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Vacancies" -> "Vacancy", "Employees" -> "Employee", "Addresses" -> "Address". */
export function singular(label) {
  if (/ies$/.test(label)) return label.replace(/ies$/, "y");
  if (/(ss|sh|ch|x)es$/.test(label)) return label.replace(/es$/, "");
  return label.replace(/s$/, "");
}

/** Follows local `$ref`s ("#/definitions/x"), merging the referring node's own keywords over the target. */
function resolve(node, root, file) {
  let current = node;
  const seen = new Set();
  while (current && typeof current.$ref === "string") {
    const ref = current.$ref;
    if (!ref.startsWith("#/"))
      throw new Error(`${file}: only local $refs are supported, got ${ref}`);
    if (seen.has(ref)) throw new Error(`${file}: circular $ref ${ref}`);
    seen.add(ref);
    const target = ref
      .slice(2)
      .split("/")
      .reduce((at, key) => (at == null ? undefined : at[key]), root);
    if (!target) throw new Error(`${file}: unresolved $ref ${ref}`);
    const { $ref: _ref, ...own } = current;
    current = { ...target, ...own, editor: { ...target.editor, ...own.editor } };
  }
  return current;
}

/** "1 to 70 characters", "at most 80 characters", "at least 50 characters". */
function lengthRule(min, max) {
  if (min && max) return `${min} to ${max} characters`;
  if (max) return `at most ${max} characters`;
  return `at least ${min} characters`;
}

/**
 * One regular expression and message for a string's pattern and length: the
 * length as a lookahead in front of the schema's own pattern.
 * @returns {[string, string] | undefined}
 */
export function stringPattern(node) {
  const rule = stringRule(node);
  // Decap ends the message it shows with a full stop of its own.
  return rule && [rule[0], rule[1].replace(/\.$/, "")];
}

/** @returns {[string, string] | undefined} */
function stringRule(node) {
  const min = node.minLength > 1 ? node.minLength : 0;
  const max = node.maxLength;
  const length = min || max !== undefined ? `[\\s\\S]{${min},${max ?? ""}}` : "";
  const message = node.editor?.message;
  if (node.pattern && length) {
    return [
      `(?=^${length}$)${node.pattern}`,
      `${(message ?? "Must match the required format").replace(/\.$/, "")}; ${lengthRule(min, max)}.`,
    ];
  }
  if (node.pattern)
    return [node.pattern, message ?? `Must match the required format: ${node.pattern}`];
  if (length) return [`^${length}$`, message ?? `Use ${lengthRule(min, max)}.`];
  return undefined;
}

/** Whether a string is long free text (a text area) rather than a line. */
function isLongText(name, node) {
  if (node.pattern || node.format) return false;
  if (node.maxLength !== undefined) return node.maxLength > 160;
  return /(text|description|intro|paragraph|summary|body|quote|statement)$/i.test(name);
}

/** The upload settings of a media field: its folder under content/media, the size limit. */
function mediaSettings(folder) {
  return {
    media_folder: `/content/media/${folder}`,
    public_folder: "",
    choose_url: false,
    media_library: { config: { max_file_size: MAX_UPLOAD_BYTES, multiple: false } },
  };
}

/**
 * The Decap field for one schema node.
 * @param {string} name property name
 * @param {Schema} raw the schema node (may be a $ref)
 * @param {boolean} required whether the parent requires it
 * @param {{ root: Schema, file: string, path: string }} ctx
 * @returns {Field}
 */
export function fieldFor(name, raw, required, ctx) {
  const node = resolve(raw, ctx.root, ctx.file);
  const path = `${ctx.path}/${name}`;
  const editor = node.editor ?? {};
  /** @type {Field} */
  const field = { name, label: editor.label ?? node.title ?? humanize(name) };
  if (node.description) field.hint = node.description;
  if (name === "$schema") return { name, label: "Schema", widget: "hidden", required: false };

  const type = Array.isArray(node.type) ? node.type.find((t) => t !== "null") : node.type;
  const widget = editor.widget;
  const arrayItems = type === "array" ? resolve(node.items ?? {}, ctx.root, ctx.file) : undefined;
  const options = editor.options ?? arrayItems?.editor?.options;
  // A top-level field of a folder's entry (a vacancy's slug): the rule spans the other entries.
  const ofEntry = ctx.entries !== undefined && ctx.path === "";
  if (editor.unique && ofEntry) {
    // The other entries' values as the editor was built, by the entry's file name.
    field.unique = {
      entry: editor.unique,
      taken: ctx.entries.map(([slug, data]) => [slug, data[name]]),
    };
    // A new entry's Position: after the last, in the tens the hint speaks of.
    if (name === "order")
      field.default = Math.max(0, ...ctx.entries.map(([, data]) => Number(data[name]) || 0)) + 10;
  } else if (editor.unique) {
    // The list the value is unique in ("vacancies"), from the field's path ("/vacancies/*/slug").
    const list = ctx.path.replace(/\/\*$/, "");
    if (!list || list.includes("*") || list === ctx.path)
      throw new Error(`${ctx.file}: ${path}: editor.unique works in a top-level list only`);
    field.unique = { list: list.slice(1).split("/"), entry: editor.unique };
  }
  if (editor.notBefore && ofEntry) {
    field.not_before = { field: editor.notBefore, list: [] };
  } else if (editor.notBefore) {
    const list = ctx.path.replace(/\/\*$/, "");
    if (!list || list.includes("*") || list === ctx.path)
      throw new Error(`${ctx.file}: ${path}: editor.notBefore works in a top-level list only`);
    field.not_before = { field: editor.notBefore, list: list.slice(1).split("/") };
  }

  if (Array.isArray(node.enum)) {
    Object.assign(field, {
      widget: "select",
      options: node.enum.map((v) => ({ label: editor.labels?.[v] ?? String(v), value: v })),
    });
  } else if (options) {
    if (options.file && !ctx.content?.[options.file])
      throw new Error(`${ctx.file}: ${path}: editor.options needs content/${options.file}.json`);
    Object.assign(field, {
      widget: "select",
      options: optionsFrom(options, ctx.content),
      options_from: options,
    });
    if (type === "array") {
      field.multiple = true;
      if (node.minItems) field.min = node.minItems;
      if (node.maxItems) field.max = node.maxItems;
    }
  } else if (editor.assign === "next") {
    Object.assign(field, { widget: "assigned-id" });
  } else if (widget === "image" || widget === "file") {
    if (!editor.folder)
      throw new Error(`${ctx.file}: ${path}: a ${widget} field needs editor.folder`);
    Object.assign(field, { widget }, mediaSettings(editor.folder));
    if (editor.folder === mediaKinds.image.folder)
      field.min_width = editor.minWidth ?? DEFAULT_MIN_WIDTH;
    const pattern = stringPattern(node);
    if (pattern) field.pattern = pattern;
  } else if (type === "string" && node.pattern === DATE_PATTERN) {
    // No pattern: its message would be in the file's order, beside a box typed day first.
    field.widget = "date";
  } else if (type === "string") {
    field.widget = widget ?? (isLongText(name, node) ? "text" : "string");
    if (field.widget === "markdown") {
      Object.assign(field, {
        buttons: [
          "bold",
          "italic",
          "link",
          "heading-three",
          "heading-four",
          "bulleted-list",
          "numbered-list",
        ],
        editor_components: [],
        modes: ["rich_text", "raw"],
        sanitize_preview: true,
      });
    }
    const pattern = stringPattern(node);
    if (pattern) field.pattern = pattern;
    if (node.default !== undefined) field.default = node.default;
  } else if (type === "integer" || type === "number") {
    Object.assign(field, { widget: "number", value_type: type === "integer" ? "int" : "float" });
    if (node.minimum !== undefined) field.min = node.minimum;
    if (node.maximum !== undefined) field.max = node.maximum;
  } else if (type === "boolean") {
    field.widget = "boolean";
  } else if (type === "array") {
    Object.assign(field, listField(name, node, { ...ctx, path }));
  } else if (type === "object" || node.properties || node.patternProperties) {
    Object.assign(
      field,
      { widget: "object", collapsed: ctx.path !== "" },
      objectFields(node, { ...ctx, path }),
    );
  } else {
    throw new Error(
      `${ctx.file}: ${path}: no editor field for schema type ${JSON.stringify(node.type)}`,
    );
  }

  // A string the schema requires non-empty is required; an optional one may be left empty.
  const nonEmpty = type !== "string" || (node.minLength ?? 0) >= 1 || Boolean(node.pattern);
  field.required = required && nonEmpty;
  // Decap marks an optional field "(optional)"; a required one says so first in its hint.
  if (field.widget !== "hidden" && field.widget !== "assigned-id" && field.hint !== undefined)
    field.hint = plainHint(field.hint);
  if (
    field.required &&
    !["object", "assigned-id"].includes(field.widget) &&
    !(field.widget === "list" && !field.min)
  )
    field.hint = field.hint ? `Required. ${field.hint}` : "Required.";
  // A key the file must have that may be empty keeps "" (the build requires the key);
  // any other empty optional string is dropped on save (see ./empty-fields.ts).
  if (required && !nonEmpty && field.default === undefined) field.default = "";
  return field;
}

/** A list: of one field (strings, numbers) or of objects (fields). */
function listField(name, node, ctx) {
  const items = resolve(node.items ?? {}, ctx.root, ctx.file);
  /** @type {Field} */
  const list = { widget: "list" };
  if (node.minItems) list.min = node.minItems;
  if (node.maxItems) list.max = node.maxItems;
  const itemType = Array.isArray(items.type) ? items.type[0] : items.type;
  if (itemType === "object" || items.properties) {
    const { fields } = objectFields(items, { ...ctx, path: `${ctx.path}/*` });
    // Entries of a long list (people, vacancies) open one at a time; a list of
    // texts shows its texts.
    list.collapsed = true;
    list.fields = fields;
    // A folded entry shows its name or title (a vacancy by its title, not its slug).
    const summary = ["name", "title", "label", "heading", "slug"]
      .map((key) => fields.find((f) => f.name === key))
      .find(Boolean);
    if (summary) list.summary = `{{fields.${summary.name}}}`;
    list.label_singular = singular(node.title ?? humanize(name));
  } else {
    list.field = fieldFor(
      singular(node.title ?? humanize(name)).toLowerCase() || "item",
      items,
      true,
      {
        ...ctx,
        path: `${ctx.path}/*`,
      },
    );
    list.field.name = "item";
    // A folded text shows the text itself (a team its name), not the word "Team".
    list.summary = "{{fields.item}}";
    // "Add requirement", "1 requirement": Decap names an entry by the list's label otherwise.
    list.label_singular = singular(node.title ?? humanize(name));
  }
  return list;
}

/** The fields of an object: its properties, and the required keys of a patternProperties map. */
function objectFields(node, ctx) {
  const required = new Set(node.required ?? []);
  /** @type {Field[]} */
  const fields = Object.entries(node.properties ?? {}).map(([key, child]) =>
    fieldFor(key, child, required.has(key), ctx),
  );
  // A map keyed by pattern (pages.json: one entry per page path) can be edited only
  // for keys the schema names: those it requires.
  for (const [pattern, child] of Object.entries(node.patternProperties ?? {})) {
    const re = new RegExp(pattern);
    for (const key of required) {
      if (!re.test(key) || node.properties?.[key]) continue;
      fields.push(fieldFor(key, child, true, ctx));
    }
  }
  return { fields };
}

/** `{ [key]: list }`, or nothing for an empty list. */
const optionalList = (/** @type {string} */ key, /** @type {unknown[]} */ list) =>
  list.length > 0 ? { [key]: list } : {};

/** A regular expression matching `text` as written. */
const literally = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A folder's entries as a collection of its own (Decap's folder collection):
 * one file per entry, named by `group.slug`, listed with Decap's search, sort
 * (`group.sort`, by Position first), filters (`group.filters`: one per choice
 * of those fields) and groups.
 * @param {Record<string, any>} group a group of ./groups.mjs with a `folder`
 * @param {Schema} root the entries' schema
 * @param {Record<string, any>} content
 */
function folderCollection(group, root, content) {
  const entries = Object.entries(content)
    .filter(([path]) => path.startsWith(`${group.folder}/`))
    .map(([path, data]) => [path.slice(group.folder.length + 1).replace(/\.json$/, ""), data]);
  const { fields } = objectFields(root, {
    root,
    file: `content/schema/entries/${group.folder}.schema.json`,
    path: "",
    content,
    entries,
  });
  const byName = (/** @type {string} */ name) => {
    const field = fields.find((f) => f.name === name);
    if (!field) throw new Error(`admin/groups.mjs: ${group.name}: no field ${name}`);
    return field;
  };
  return {
    name: group.name,
    label: group.label,
    label_singular: group.labelSingular,
    description: group.description,
    folder: `content/${group.folder}`,
    create: true,
    delete: true,
    format: CONTENT_FORMAT,
    extension: "json",
    identifier_field: fields.some((f) => f.name === "title") ? "title" : "name",
    slug: group.slug,
    summary: group.summary,
    preview_path: group.page,
    editor: { preview: true },
    sortable_fields: group.sort.map((/** @type {string} */ name) => ({
      field: name,
      label: byName(name).label,
      ...(name === group.sort[0] && { default_sort: true }),
    })),
    // Decap refuses an empty list of filters or groups: none is left out.
    ...optionalList(
      "view_filters",
      group.filters.flatMap((/** @type {string} */ name) => {
        const field = byName(name);
        // A list's value is matched as Decap writes it out: List [ "Investment", "Finance" ].
        const pattern = field.multiple
          ? (/** @type {string} */ v) => `"${literally(v)}"`
          : (/** @type {string} */ v) => `^${literally(v)}$`;
        return (field.options ?? []).map((/** @type {any} */ o) => ({
          label: `${field.label}: ${o.label}`,
          field: name,
          pattern: pattern(String(o.value)),
        }));
      }),
    ),
    ...optionalList(
      "view_groups",
      group.groups.map((/** @type {string} */ name) => ({
        label: byName(name).label,
        field: name,
      })),
    ),
    fields,
  };
}

/**
 * The collections: one file entry per content file, grouped as in ./groups.mjs,
 * and one collection per folder of entries.
 * @param {Record<string, Schema>} schemas each content file's schema, by file
 *   name ("careers"), and each folder's entry schema ("entries/people")
 */
export function editorCollections(schemas, content = {}) {
  const names = Object.keys(schemas).sort();
  const grouped = new Set(
    editorGroups.flatMap((g) => (g.folder ? [`entries/${g.folder}`] : g.files)),
  );
  const missing = names.filter((n) => !grouped.has(n));
  if (missing.length > 0) {
    throw new Error(`admin/groups.mjs: content files in no editor group: ${missing.join(", ")}`);
  }
  const unknown = [...grouped].filter((n) => !names.includes(n));
  if (unknown.length > 0) {
    throw new Error(`admin/groups.mjs: no schema for ${unknown.join(", ")}`);
  }
  return editorGroups.map((group) =>
    group.folder
      ? folderCollection(group, schemas[`entries/${group.folder}`], content)
      : fileCollection(group, schemas, content),
  );
}

/** A group of content files as a collection with one entry per file. */
function fileCollection(
  /** @type {Record<string, any>} */ group,
  /** @type {Record<string, Schema>} */ schemas,
  /** @type {Record<string, any>} */ content,
) {
  return {
    name: group.name,
    label: group.label,
    description: group.description,
    // JSON in field order (./ordered-json.ts, registered by main.tsx under this name).
    format: CONTENT_FORMAT,
    extension: "json",
    editor: { preview: true },
    files: group.files.map((name) => {
      const root = schemas[name];
      const { fields } = objectFields(root, {
        root,
        file: `content/schema/${name}.schema.json`,
        path: "",
        content,
      });
      const page = group.pages?.[name];
      if (!page) throw new Error(`admin/groups.mjs: ${group.name}: no page for ${name} in pages`);
      return {
        name,
        label: group.labels?.[name] ?? humanize(name),
        description: root.title,
        file: `content/${name}.json`,
        // The page "View preview" and "View live" open: Decap appends a file's
        // preview_path to the preview's address (the commit status named by
        // backend.preview_context) or to site_url.
        preview_path: page,
        fields,
      };
    }),
  };
}

/**
 * The whole generated configuration, without a backend (the server adds it).
 * @param {Record<string, Schema>} schemas each content file's schema, by file name
 * @param {Record<string, any>} [content] the content files by name, for the
 *   choices of fields that pick from another file (editor.options)
 */
export function editorConfig(schemas, content = {}) {
  return {
    // Uploads land in the media folder of their field; this is the fallback.
    media_folder: "content/media/images",
    public_folder: "",
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    // "View preview" on a change in review, "View live" on a published one
    // (docs/editing.md, Publishing).
    show_preview_links: true,
    collections: editorCollections(schemas, content),
  };
}
