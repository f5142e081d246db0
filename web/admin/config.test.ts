// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir } from "../lib/content-dir.mjs";
import { readContentFiles, readSchemas } from "./read-schemas.mjs";
import { staticPaths } from "../lib/paths.mjs";
import { editorConfig, fieldFor, humanize, singular, stringPattern } from "./config.mjs";

type Schema = Record<string, any>;

/** The node a (chain of) local $ref(s) points at. */
function followRefs(node: Schema, root: Schema): Schema {
  let at = node;
  while (typeof at.$ref === "string")
    at = at.$ref
      .slice(2)
      .split("/")
      .reduce((n: Schema, key: string) => n[key], root);
  return at;
}

interface Field {
  name: string;
  widget: string;
  required?: boolean;
  pattern?: [string, string];
  fields?: Field[];
  field?: Field;
  min?: number;
  max?: number;
  [key: string]: unknown;
}

/** Every path in `data` that has no editor field (the test's whole point: none). */
function uncovered(
  data: unknown,
  fields: Field[] | undefined,
  single: Field | undefined,
  at: string,
): string[] {
  if (Array.isArray(data)) {
    return data.flatMap((item, i) =>
      single
        ? uncovered(item, single.fields, single.field, `${at}/${i}`)
        : uncovered(item, fields, undefined, `${at}/${i}`),
    );
  }
  if (data && typeof data === "object") {
    return Object.entries(data).flatMap(([key, value]) => {
      const field = fields?.find((f) => f.name === key);
      if (!field) return [`${at}/${key}`];
      if (field.widget === "list") {
        return Array.isArray(value)
          ? value.flatMap((item, i) =>
              field.field
                ? uncovered(item, field.field.fields, field.field.field, `${at}/${key}/${i}`)
                : uncovered(item, field.fields, undefined, `${at}/${key}/${i}`),
            )
          : [`${at}/${key} (not a list)`];
      }
      return uncovered(value, field.fields, undefined, `${at}/${key}`);
    });
  }
  return [];
}

describe("the editor config generated from the content schemas", () => {
  const schemas = readSchemas();
  const config = editorConfig(schemas, readContentFiles());
  const pageFiles = config.collections.flatMap((c) => ("files" in c ? c.files : []));
  const folders = config.collections.flatMap((c) => ("folder" in c ? [c] : []));
  // Every file the editor writes, a folder's entries with their collection's fields.
  const files = [
    ...pageFiles,
    ...folders.flatMap((c) =>
      readdirSync(join(contentDir, "..", c.folder)).map((f) => ({
        file: `${c.folder}/${f}`,
        fields: c.fields,
      })),
    ),
  ];

  it("has one entry for every content file", () => {
    const contentFiles = readdirSync(contentDir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => `content/${f}`)
      .sort();
    expect(pageFiles.map((f) => f.file).sort()).toEqual(contentFiles);
  });

  it("has a collection for every folder of entries, listed by Position and filtered by its choices", () => {
    expect(folders.map((c) => c.folder).sort()).toEqual([
      "content/careers",
      "content/charity",
      "content/people",
    ]);
    const people = folders.find((c) => c.folder === "content/people")! as unknown as Record<
      string,
      unknown[]
    >;
    expect(people.sortable_fields![0]).toEqual({
      field: "order",
      label: "Position",
      default_sort: true,
    });
    expect(people.view_filters).toContainEqual({
      label: "Office: Dublin",
      field: "location",
      pattern: "^Dublin$",
    });
    expect(people.view_filters).toContainEqual({
      label: "Teams: Finance",
      field: "team",
      pattern: '"Finance"',
    });
    expect(people.view_groups).toEqual([{ label: "Office", field: "location" }]);
    // Decap refuses an empty list of filters or groups.
    for (const c of folders) {
      for (const key of ["view_filters", "view_groups"] as const)
        if (key in c)
          expect(
            (c as unknown as Record<string, unknown[]>)[key]!.length,
            `${c.name} ${key}`,
          ).toBeGreaterThan(0);
    }
  });

  it("has an editor field for every field of every content file", () => {
    for (const file of files) {
      const data = JSON.parse(readFileSync(join(contentDir, "..", file.file), "utf8"));
      expect(uncovered(data, file.fields as Field[], undefined, file.file)).toEqual([]);
    }
  });

  // Staff read a field's hint to know what it is for and where it shows on the
  // site (docs/editing.md); "Required." alone says neither. A new field without
  // a description in its schema fails here.
  it("gives every field a hint that says more than Required.", () => {
    const bare: string[] = [];
    const walk = (fields: Field[] | undefined, at: string) => {
      for (const field of fields ?? []) {
        const path = `${at}/${field.name}`;
        const words = String(field.hint ?? "").replace(/^Required\.\s*/, "");
        if (field.widget !== "hidden" && words.trim() === "") bare.push(path);
        walk(field.fields, path);
        if (field.field) walk([field.field], `${path}/*`);
      }
    };
    for (const file of files) walk(file.fields as Field[], file.file);
    expect(bare).toEqual([]);
  });

  // A definition's description ("A photo or illustration ...") says what is
  // allowed, not where the field shows: each property describes itself.
  it("has a description of its own on every property of every schema", () => {
    const missing: string[] = [];
    const walk = (node: Schema | undefined, root: Schema, at: string) => {
      if (!node) return;
      const target = followRefs(node, root);
      for (const [key, child] of Object.entries<Schema>(target.properties ?? {})) {
        if (key === "$schema") continue;
        if (typeof child.description !== "string" || child.description.trim() === "")
          missing.push(`${at}/${key}`);
        walk(child, root, `${at}/${key}`);
      }
      for (const [pattern, child] of Object.entries<Schema>(target.patternProperties ?? {})) {
        if (typeof child.description !== "string") missing.push(`${at}/${pattern}`);
        walk(child, root, `${at}/${pattern}`);
      }
      if (target.items) {
        const items = followRefs(target.items, root);
        // A list of texts shows each text as a field of its own, with a hint.
        if (
          !items.properties &&
          typeof (target.items.description ?? items.description) !== "string"
        )
          missing.push(`${at}/*`);
        walk(target.items, root, `${at}/*`);
      }
    };
    for (const [name, root] of Object.entries(schemas)) walk(root, root, name);
    expect(missing).toEqual([]);
  });

  it("refuses a schema construct it cannot turn into a field", () => {
    const ctx = { root: {}, file: "x.schema.json", path: "" };
    expect(() => fieldFor("odd", { type: "null" }, true, ctx)).toThrow(
      /x.schema.json: \/odd: no editor field/,
    );
  });

  it("fails when a content file is in no editor group", () => {
    expect(() =>
      editorConfig({ ...schemas, extra: { type: "object", properties: {} } }, readContentFiles()),
    ).toThrow(/content files in no editor group: extra/);
  });
});

describe("the editor's preview links", () => {
  const config = editorConfig(readSchemas(), readContentFiles());

  it("are on: View preview on a change in review, View live on a published one", () => {
    expect(config.show_preview_links).toBe(true);
  });

  // Every collection is a file collection: Decap takes the file's preview_path
  // (decapcms.org/docs/deploy-preview-links/, "Preview paths") and appends it
  // to the preview's address or site_url. Each entry must open the page it is on.
  it.each([
    ["pages", "home", "/"],
    ["pages", "what-we-do", "/what-we-do"],
    ["pages", "people", "/who-we-are"],
    ["pages", "charity", "/charity"],
    ["pages", "insights", "/latest-insights"],
    ["pages", "governance", "/governance"],
    ["pages", "contact", "/contact"],
    ["pages", "privacy", "/privacy-statement"],
    ["careers", "careers", "/careers"],
    ["site", "site", "/"],
    ["site", "pages", "/"],
  ])("%s / %s opens %s", (collection, file, page) => {
    const found = config.collections.find((c) => c.name === collection);
    const entry =
      found && "files" in found
        ? found.files.find((f: { name: string }) => f.name === file)
        : undefined;
    expect(entry?.preview_path).toBe(page);
  });

  it("name a prerendered page, without a template, for every entry", () => {
    const entries = config.collections.flatMap((c) => ("files" in c ? c.files : []));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(staticPaths, entry.name).toContain(entry.preview_path);
      expect(entry.preview_path).not.toMatch(/{{/);
    }
  });
});

describe("fieldFor", () => {
  const ctx = {
    root: {
      definitions: {
        date: { type: "string", pattern: "^[0-9]{4}$", editor: { message: "A year, e.g. 2026." } },
        photo: { type: "string", editor: { widget: "image", folder: "images" } },
      },
    },
    file: "t.schema.json",
    path: "",
  };

  it.each([
    [
      { type: "string", maxLength: 70 },
      { widget: "string", pattern: ["^[\\s\\S]{0,70}$", "Use at most 70 characters"] },
    ],
    [
      { type: "string", minLength: 1 },
      { widget: "string", required: true },
    ],
    [{ type: "string", maxLength: 600 }, { widget: "text" }],
    [
      { type: "integer", minimum: 0, maximum: 9 },
      { widget: "number", value_type: "int", min: 0, max: 9 },
    ],
    [{ type: "boolean" }, { widget: "boolean" }],
    [
      { enum: ["A", "B"] },
      {
        widget: "select",
        options: [
          { label: "A", value: "A" },
          { label: "B", value: "B" },
        ],
      },
    ],
    [
      { $ref: "#/definitions/date" },
      { widget: "string", pattern: ["^[0-9]{4}$", "A year, e.g. 2026"] },
    ],
    [
      { $ref: "#/definitions/photo" },
      {
        widget: "image",
        media_folder: "/content/media/images",
        public_folder: "",
        choose_url: false,
      },
    ],
    [
      { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
      { widget: "list", min: 1, field: expect.objectContaining({ name: "item", required: true }) },
    ],
  ])("%o", (schema, expected) => {
    expect(fieldFor("heading", schema, true, ctx)).toMatchObject(expected);
  });

  it("names an entry of a list of texts in the singular (Add requirement, 1 requirement)", () => {
    const list = fieldFor(
      "requirements",
      { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
      true,
      ctx,
    );
    expect(list).toMatchObject({ label_singular: "Requirement", summary: "{{fields.item}}" });
    expect(list.field).toMatchObject({ label: "Requirement" });
  });

  it("keeps a required key that may be empty as an empty string", () => {
    expect(fieldFor("teamShown", { type: "string", maxLength: 80 }, true, ctx)).toMatchObject({
      required: false,
      default: "",
    });
    expect(fieldFor("email", { type: "string", pattern: "@" }, false, ctx)).toMatchObject({
      required: false,
    });
    expect(fieldFor("email", { type: "string", pattern: "@" }, false, ctx)).not.toHaveProperty(
      "default",
    );
  });
});

describe("stringPattern", () => {
  it("joins a pattern and a length into one rule the browser checks", () => {
    const [source, message] = stringPattern({
      pattern: "^[a-z]+$",
      maxLength: 5,
      editor: { message: "Lower case" },
    })!;
    const re = new RegExp(source);
    expect(re.test("abc")).toBe(true);
    expect(re.test("abcdef")).toBe(false);
    expect(re.test("ABC")).toBe(false);
    expect(message).toBe("Lower case; at most 5 characters");
  });
});

describe("humanize", () => {
  it.each([
    ["roleImage2Alt", "Role image 2 photo description"],
    ["eyebrow", "Small heading"],
    ["esg", "ESG"],
    ["linkedinLinkLabel", "LinkedIn link label"],
    ["tocLabel", "Contents list label"],
    ["/what-we-do", "What we do"],
    ["/", "Home"],
    ["datePosted", "Date posted"],
  ])("%s -> %s", (name, label) => {
    expect(humanize(name)).toBe(label);
  });
});

describe("singular", () => {
  it.each([
    ["Vacancies", "Vacancy"],
    ["Employees", "Employee"],
    ["Addresses", "Address"],
    ["Partners", "Partner"],
  ])("%s -> %s", (plural, one) => {
    expect(singular(plural)).toBe(one);
  });
});
