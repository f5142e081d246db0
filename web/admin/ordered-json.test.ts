// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir } from "../lib/content-dir.mjs";
import { editorConfig } from "./config.mjs";
import { readContentFiles, readSchemas } from "./read-schemas.mjs";
import type { EditorField } from "./empty-fields";
import { orderedJsonFormat, orderLike } from "./ordered-json";

const fields: EditorField[] = [
  { name: "id", widget: "number" },
  { name: "name", widget: "string" },
  { name: "team", widget: "list", field: { name: "item", widget: "string" } },
  { name: "office", widget: "object", fields: [{ name: "city" }, { name: "country" }] },
];

describe("orderLike", () => {
  it("orders keys as the fields at every depth, unknown keys last", () => {
    const data = {
      office: { country: "NL", city: "Amsterdam" },
      extra: 1,
      team: ["A"],
      name: "N",
      id: 3,
    };
    const out = orderLike(data, fields);
    expect(JSON.stringify(out)).toBe(
      '{"id":3,"name":"N","team":["A"],"office":{"city":"Amsterdam","country":"NL"},"extra":1}',
    );
  });

  it("writes a required list nobody touched as [], and leaves optional or counted lists out", () => {
    const lists: EditorField[] = [
      { name: "requirements", widget: "list", field: { name: "item", widget: "string" } },
      { name: "benefitsList", widget: "list", field: { name: "item", widget: "string" } },
      { name: "languages", widget: "list", required: false, field: { name: "item" } },
      { name: "teams", widget: "list", min: 1, field: { name: "item" } },
      {
        name: "vacancies",
        widget: "list",
        fields: [
          { name: "title", widget: "string" },
          { name: "benefitsList", widget: "list", field: { name: "item", widget: "string" } },
        ],
      },
    ];
    const out = orderLike({ requirements: ["A"], vacancies: [{ title: "T" }] }, lists);
    expect(out).toEqual({
      requirements: ["A"],
      benefitsList: [],
      vacancies: [{ title: "T", benefitsList: [] }],
    });
  });
});

describe("the content files", () => {
  const schemas = readSchemas();
  const collections = editorConfig(schemas, readContentFiles()).collections;
  const files = collections.flatMap((c) => ("files" in c ? c.files : []));
  // A folder's entries are written with their collection's fields.
  const entries = collections.flatMap((c) =>
    "folder" in c
      ? readdirSync(join(contentDir, "..", c.folder)).map((f) => ({
          file: `${c.folder}/${f}`,
          fields: c.fields,
        }))
      : [],
  );
  const format = orderedJsonFormat(files.map((f) => f.fields as EditorField[]));

  it.each([...files, ...entries].map((f) => [f.file, f] as const))(
    "%s comes out of the editor byte for byte as it is when nothing changed",
    (path, file) => {
      const raw = readFileSync(join(contentDir, "..", path), "utf8");
      // Decap adds the final newline itself.
      const written = `${format.toFile(
        format.fromFile(raw) as Record<string, unknown>,
        (file.fields as EditorField[]).map((f) => f.name),
      )}\n`;
      expect(written).toBe(raw);
    },
  );

  it("each file's top-level fields name it alone", () => {
    const keys = files.map((f) => (f.fields as EditorField[]).map((x) => x.name).join(","));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
