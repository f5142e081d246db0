// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir } from "../content-dir.mjs";
import { annotatedValues, createValidator } from "../content-schema.mjs";
import { entryFolders } from "../validate-content.mjs";
import { describeField } from "../content-rules.mjs";
import { check } from "./fields.mjs";

const read = (/** @type {string} */ path) => JSON.parse(readFileSync(path, "utf8"));
const pageNames = readdirSync(join(contentDir, "schema"))
  .filter((f) => f.endsWith(".schema.json"))
  .map((f) => f.replace(".schema.json", ".json"));
/** Every file's name, a folder's entries by path ("people/anna-de-vries.json"). */
const names = [
  ...pageNames,
  ...entryFolders().flatMap((folder) =>
    readdirSync(join(contentDir, folder)).map((f) => `${folder}/${f}`),
  ),
];
/** The schema of each file (an entry's is its folder's, read once: Ajv compiles each $id once). */
const schemaFiles = new Map();
const schemaOf = (/** @type {string} */ f) => {
  const path = f.includes("/")
    ? `entries/${f.split("/")[0]}.schema.json`
    : f.replace(".json", ".schema.json");
  if (!schemaFiles.has(path)) schemaFiles.set(path, read(join(contentDir, "schema", path)));
  return schemaFiles.get(path);
};
/** @type {Record<string, object>} */
const schemas = Object.fromEntries(names.map((f) => [f, schemaOf(f)]));
const validator = createValidator();

/**
 * The real content with one change applied, validated as validate-content
 * does; returns the check's messages.
 */
function errorsAfter(/** @type {(files: Record<string, any>) => void} */ change) {
  /** @type {Record<string, any>} */
  const files = Object.fromEntries(names.map((f) => [f, read(join(contentDir, f))]));
  change(files);
  const annotated = Object.fromEntries(
    names.map((f) => [f, validator.validate(schemas[f] ?? {}, files[f]).annotated]),
  );
  return check(files, contentDir, annotated).map((e) => `${e.file}: ${e.field}: ${e.reason}`);
}

describe("fields check", () => {
  it("accepts the firm's content", () => {
    expect(errorsAfter(() => {})).toEqual([]);
  });

  it.each([
    [
      "a misspelt photo",
      (/** @type {any} */ f) => (f["home.json"].hero.image = "home-heor.jpg"),
      'home.json: /hero/image: unknown image "home-heor.jpg": no content/media/images/home-heor.jpg',
    ],
    [
      "a photo under another extension",
      (/** @type {any} */ f) => (f["home.json"].hero.image = "home-hero.png"),
      'home.json: /hero/image: unknown image "home-hero.png": no content/media/images/home-hero.png (there is home-hero.jpg: use that file name)',
    ],
    [
      "a missing partner crop, naming the partner",
      (/** @type {any} */ f) => (f["charity/sina.json"].images.tablet = "sina-square.jpg"),
      'charity/sina.json: /images/tablet: unknown image "sina-square.jpg": no content/media/images/sina-square.jpg',
    ],
    [
      "a missing logo",
      (/** @type {any} */ f) => (f["charity.json"].anbi.logo = "anbi-2.svg"),
      'charity.json: /anbi/logo: unknown logo "anbi-2.svg": no content/media/logos/anbi-2.svg',
    ],
    [
      "a missing insights logo",
      (/** @type {any} */ f) => (f["insights.json"].card.placeholderLogo = "mark.svg"),
      'insights.json: /card/placeholderLogo: unknown logo "mark.svg": no content/media/logos/mark.svg',
    ],
    [
      "a missing document",
      (/** @type {any} */ f) => (f["governance.json"].downloads.items[0].document = "policy.pdf"),
      'governance.json: /downloads/items/0/document: unknown document "policy.pdf": no content/media/documents/policy.pdf',
    ],
    [
      "a missing video",
      (/** @type {any} */ f) => (f["charity.json"].foundation.video.name = "intro.mp4"),
      'charity.json: /foundation/video/name: unknown video "intro.mp4": no content/media/video/intro.mp4',
    ],
    [
      "a missing careers video",
      (/** @type {any} */ f) => (f["careers.json"].page.video = "careers.mp4"),
      'careers.json: /page/video: unknown video "careers.mp4": no content/media/video/careers.mp4',
    ],
    [
      "a missing vacancy image",
      (/** @type {any} */ f) => (f["careers/asset-manager.json"].roleImage = "no-such-photo.jpg"),
      'careers/asset-manager.json: /roleImage: unknown image "no-such-photo.jpg": no content/media/images/no-such-photo.jpg',
    ],
    [
      "a missing portrait, naming the employee",
      (/** @type {any} */ f) => (f["people/siobhan-gallagher.json"].image = "nobody.jpg"),
      'people/siobhan-gallagher.json: /image: unknown image "nobody.jpg": no content/media/images/nobody.jpg',
    ],
    [
      "a missing mark of the firm",
      (/** @type {any} */ f) => (f["site.json"].logo = "no-such-mark.svg"),
      'site.json: /logo: unknown logo "no-such-mark.svg": no content/media/logos/no-such-mark.svg',
    ],
    [
      "a missing Our DNA photo",
      (/** @type {any} */ f) => (f["people.json"].dna.image = "dna.jpg"),
      'people.json: /dna/image: unknown image "dna.jpg": no content/media/images/dna.jpg',
    ],
    [
      "raw HTML in a role text",
      (/** @type {any} */ f) =>
        (f["careers/asset-manager.json"].roleText += "\n\n<script>alert(1)</script>"),
      "careers/asset-manager.json: /roleText: HTML is not allowed, use Markdown (",
    ],
    [
      "inline HTML in the second role text",
      (/** @type {any} */ f) =>
        (f["careers/asset-manager.json"].roleText2 = 'A <img src="x" onerror="alert(1)"> photo'),
      "careers/asset-manager.json: /roleText2: HTML is not allowed, use Markdown (",
    ],
    [
      "a javascript: link",
      (/** @type {any} */ f) =>
        (f["careers/investment-intern.json"].roleText = "[Apply](javascript:alert(1))"),
      'careers/investment-intern.json: /roleText: link "javascript:alert(1)" is not allowed (use https:, http:, mailto:, tel: or a site path such as /careers)',
    ],
    [
      "an image in a role text",
      (/** @type {any} */ f) =>
        (f["careers/intern-business-operations.json"].roleText = "![Team](/team.jpg)"),
      'careers/intern-business-operations.json: /roleText: image "/team.jpg" is not allowed in the text: photos have their own fields',
    ],
    [
      "a top-level heading in a role text",
      (/** @type {any} */ f) =>
        (f["careers/intern-business-operations.json"].roleText = "# The role\n\nText."),
      'careers/intern-business-operations.json: /roleText: heading level 1 ("# The role") is not allowed: use ### for a heading and #### below it',
    ],
  ])("reports %s", (_, change, message) => {
    const errors = errorsAfter(change);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it("checks any field whose schema definition is annotated, without code for it", () => {
    const dir = mkdtempSync(join(tmpdir(), "fields-"));
    mkdirSync(join(dir, "media/documents"), { recursive: true });
    writeFileSync(join(dir, "media/documents/a.pdf"), "%PDF-1.7\n");
    const schema = {
      type: "object",
      properties: {
        reports: { type: "array", items: { $ref: "#/definitions/documentFile" } },
        note: { $ref: "#/definitions/markdown" },
      },
      definitions: {
        documentFile: { type: "string", editor: { widget: "file", folder: "documents" } },
        markdown: { type: "string", editor: { widget: "markdown" } },
      },
    };
    const data = { reports: ["a.pdf", "b.pdf"], note: "<b>x</b>" };
    const annotated = { "new.json": annotatedValues(schema, data) };
    const errors = check({ "new.json": data }, dir, annotated);
    expect(errors.map((e) => `${e.field}: ${e.reason}`)).toEqual([
      '/reports/1: unknown document "b.pdf": no content/media/documents/b.pdf',
      expect.stringMatching(/^\/note: HTML is not allowed/),
    ]);
  });
});

describe("describeField", () => {
  const data = {
    employees: [{ id: 7, name: "Eva", image: "e.jpg" }],
    partners: [{ id: "sina", images: { mobile: "m.jpg" } }],
  };
  it.each([
    ["/employees/0/image", "/employees/0/image (id 7, Eva)"],
    ["/partners/0/images/mobile", "/partners/0/images/mobile"],
    ["/missing/3/x", "/missing/3/x"],
  ])("%s -> %s", (path, field) => expect(describeField(data, path)).toBe(field));
});

describe("a photo that is not one", () => {
  // A PDF and an iPhone photo renamed .jpg, and a real JPEG, in a media folder of their own.
  const dir = mkdtempSync(join(tmpdir(), "fields-sniff-"));
  mkdirSync(join(dir, "media", "images"), { recursive: true });
  writeFileSync(join(dir, "media", "images", "renamed-pdf.jpg"), "%PDF-1.7\n1 0 obj\n");
  writeFileSync(
    join(dir, "media", "images", "iphone.jpg"),
    Buffer.from([0, 0, 0, 24, ...Buffer.from("ftypheic"), 0, 0, 0, 0]),
  );
  writeFileSync(
    join(dir, "media", "images", "real.jpg"),
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
  );
  const vacancy = read(join(contentDir, "careers", "investment-intern.json"));
  const file = "careers/investment-intern.json";

  it.each([
    ["renamed-pdf.jpg", "is named like a photo but is a PDF document"],
    ["iphone.jpg", "is named like a photo but is an iPhone photo in HEIC format"],
  ])("fails the build naming file and field for %s", (photo, reason) => {
    const data = structuredClone(vacancy);
    data.headerImage = photo;
    const annotated = validator.validate(schemas[file] ?? {}, data).annotated;
    const errors = check({ [file]: data }, dir, { [file]: annotated })
      .map((e) => `${e.file}: ${e.field}: ${e.reason}`)
      .filter((e) => e.includes(photo));
    expect(errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^careers/investment-intern\\.json: /headerImage: content/media/images/${photo.replace(".", "\\.")}: "${photo.replace(".", "\\.")}" ${reason}`,
        ),
      ),
    ]);
  });

  it("accepts a real JPEG", () => {
    const data = structuredClone(vacancy);
    data.headerImage = "real.jpg";
    const annotated = validator.validate(schemas[file] ?? {}, data).annotated;
    const errors = check({ [file]: data }, dir, { [file]: annotated }).filter((e) =>
      e.field.includes("/headerImage"),
    );
    expect(errors).toEqual([]);
  });
});
