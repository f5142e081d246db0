// @vitest-environment node
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir } from "./content-dir.mjs";
import { annotatedValues, createAjv, createValidator } from "./content-schema.mjs";
import { filePattern, mediaDefinition, mediaKinds } from "./media-kinds.mjs";

const read = (/** @type {string} */ path) => JSON.parse(readFileSync(path, "utf8"));
const schemaFiles = readdirSync(join(contentDir, "schema")).filter((f) =>
  f.endsWith(".schema.json"),
);
/** @type {[string, any][]} */
const schemas = schemaFiles.map((f) => [f, read(join(contentDir, "schema", f))]);

describe("createAjv", () => {
  it("knows the editor annotation", () => {
    const validate = createAjv().compile({
      type: "string",
      editor: { widget: "image", folder: "images", message: "Choose a photo" },
    });
    expect(validate("a.jpg")).toBe(true);
  });

  it("stays strict about every other keyword", () => {
    expect(() => createAjv().compile({ type: "string", widget: "image" })).toThrow(
      /unknown keyword: "widget"/,
    );
  });

  it.each([
    ["that is not an object", "image"],
    ["with a widget that is not a string", { widget: 3 }],
    ["with a folder outside content/media's naming", { widget: "image", folder: "../x" }],
  ])("refuses an editor annotation %s", (_, editor) => {
    expect(() => createAjv().compile({ type: "string", editor })).toThrow(/editor/);
  });
});

describe("createValidator", () => {
  const schema = {
    type: "object",
    properties: {
      hero: { $ref: "#/definitions/imageFile" },
      people: {
        type: "array",
        items: {
          type: "object",
          properties: { photo: { $ref: "#/definitions/imageFile" }, bio: { type: "string" } },
        },
      },
    },
    definitions: { imageFile: mediaDefinition("image") },
  };

  it("lists the annotated values through references and arrays, in document order", () => {
    const data = { hero: "a.jpg", people: [{ photo: "b.png", bio: "x" }, { photo: "c.jpeg" }] };
    expect(annotatedValues(schema, data).map((a) => [a.path, a.value, a.editor.folder])).toEqual([
      ["/hero", "a.jpg", "images"],
      ["/people/0/photo", "b.png", "images"],
      ["/people/1/photo", "c.jpeg", "images"],
    ]);
  });

  it("validates as before, with the annotations of each run only", () => {
    const validator = createValidator();
    const bad = validator.validate(schema, { hero: "a.gif" });
    expect(bad.valid).toBe(false);
    expect(bad.errors[0]).toMatchObject({ instancePath: "/hero", keyword: "pattern" });
    const good = validator.validate(schema, { hero: "a.jpg" });
    expect(good).toMatchObject({ valid: true, errors: [] });
    expect(good.annotated.map((a) => a.value)).toEqual(["a.jpg"]);
  });
});

describe("media definitions", () => {
  it.each([
    ["image", "office-dublin.jpg", true],
    ["image", "office-dublin.jpeg", true],
    ["image", "office-dublin.png", true],
    ["image", "office-dublin", false],
    ["image", "office-dublin.JPG", false],
    ["image", "Office Dublin.jpg", false],
    ["image", "office-dublin.pdf", false],
    ["image", "office--dublin.jpg", false],
    ["logo", "sina.svg", true],
    ["logo", "sina.png", false],
    ["video", "charity-intro.mp4", true],
    ["video", "charity-intro.mov", false],
    ["document", "code-of-conduct.pdf", true],
    ["document", "code-of-conduct.docx", false],
  ])("%s: %s -> %s", (kind, file, ok) => {
    const pattern = new RegExp(filePattern(/** @type {any} */ (kind)));
    expect(pattern.test(file)).toBe(ok);
  });

  it.each(schemas)("%s uses the one definition of each media kind", (_, schema) => {
    const defs = schema.definitions ?? {};
    expect(defs).not.toHaveProperty("mediaName");
    for (const [kind, info] of Object.entries(mediaKinds)) {
      if (info.definition in defs) {
        expect(defs[info.definition], info.definition).toEqual(
          mediaDefinition(/** @type {any} */ (kind)),
        );
      }
    }
    // Any other annotated definition is rich text, or says what its pattern wants
    // (and may name a rule between values: lib/content-rules.mjs).
    for (const [name, def] of Object.entries(defs)) {
      const isMedia = Object.values(mediaKinds).some((k) => k.definition === name);
      if (isMedia || !def.editor) continue;
      if (def.editor.widget !== undefined) {
        expect([name, def.editor]).toEqual(["markdown", { widget: "markdown" }]);
      } else {
        const ruleKeys = ["unique", "options", "notBefore"];
        expect(
          Object.keys(def.editor).filter((k) => !ruleKeys.includes(k)),
          name,
        ).toEqual(["message"]);
        expect(def.pattern, `${name} has a message but no pattern`).toBeDefined();
      }
    }
  });

  // A field holding a media file must say so in its schema (its definition),
  // or neither the editor nor the build's checks would know it.
  it.each(schemas)(
    "%s: every media file value in the content is an annotated field",
    (f, schema) => {
      const data = read(join(contentDir, f.replace(".schema.json", ".json")));
      /** @type {string[]} */
      const looksLikeMedia = [];
      (function walk(/** @type {unknown} */ value, /** @type {string} */ path) {
        if (typeof value === "string") {
          if (/^[a-z0-9-]+\.(jpe?g|png|svg|mp4|pdf)$/.test(value)) looksLikeMedia.push(path);
        } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}/${i}`));
        else if (value && typeof value === "object") {
          for (const [k, v] of Object.entries(value)) walk(v, `${path}/${k}`);
        }
      })(data, "");
      const annotated = annotatedValues(schema, data)
        .filter((a) => a.editor.folder)
        .map((a) => a.path);
      expect(looksLikeMedia).toEqual(annotated);
    },
  );
});
