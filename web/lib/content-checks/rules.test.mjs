// @vitest-environment node
// The rules the schemas name with `editor` (unique, options, notBefore), run as
// the build runs them: the whole content folder validated, one value broken.
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir } from "../content-dir.mjs";
import { formatError, validateContent } from "../validate-content.mjs";

/** The real content (media linked) with one file changed; returns the build's messages. */
async function errorsAfter(/** @type {string} */ file, /** @type {(d: any) => void} */ change) {
  const dir = mkdtempSync(join(tmpdir(), "content-rules-"));
  cpSync(contentDir, dir, {
    recursive: true,
    filter: (src) => !src.startsWith(join(contentDir, "media")),
  });
  symlinkSync(join(contentDir, "media"), join(dir, "media"));
  const path = join(dir, file);
  const data = JSON.parse(readFileSync(path, "utf8"));
  change(data);
  writeFileSync(path, JSON.stringify(data));
  return (await validateContent(dir)).map(formatError);
}

describe("rules between values", () => {
  it.each([
    [
      "a duplicate vacancy slug",
      "careers/investment-intern.json",
      (/** @type {any} */ v) => (v.slug = "asset-manager"),
      'content/careers/investment-intern.json: /slug: Another vacancy already has the slug "asset-manager": each vacancy needs its own, e.g. "asset-manager-2".',
    ],
    [
      "a duplicate vacancy id",
      "careers/investment-intern.json",
      (/** @type {any} */ v) => (v.id = 1),
      "content/careers/investment-intern.json: /id: Another vacancy already has the id 1: each vacancy needs its own, e.g. 4.",
    ],
    [
      "an unknown office",
      "careers/asset-manager.json",
      (/** @type {any} */ v) => (v.office = "paris"),
      'content/careers/asset-manager.json: /office: "paris" is not one of the offices: choose Amsterdam (amsterdam), Dublin (dublin), Copenhagen (copenhagen) or Helsinki (helsinki) from the list (offices are listed in content/site.json, offices).',
    ],
    [
      "an end date before the posting date",
      "careers/asset-manager.json",
      (/** @type {any} */ v) => (v.validThrough = "2000-01-01"),
      "content/careers/asset-manager.json: /validThrough: Valid through (2000-01-01) is before date posted (2026-10-05): choose 2026-10-05 or a later date, or leave it empty.",
    ],
    [
      "an unknown office on the contact page",
      "contact.json",
      (/** @type {any} */ c) => (c.map.office = "paris"),
      'content/contact.json: /map/office: "paris" is not one of the offices: choose Amsterdam (amsterdam), Dublin (dublin), Copenhagen (copenhagen) or Helsinki (helsinki) from the list (offices are listed in content/site.json, offices).',
    ],
    [
      "an office photo listed twice",
      "contact.json",
      (/** @type {any} */ c) => (c.offices[1].id = c.offices[0].id),
      'content/contact.json: /offices/1/id: Another office photo already has the id "amsterdam": each office photo needs its own, e.g. "amsterdam-2".',
    ],
    [
      "a duplicate partner",
      "charity/studiezalen.json",
      (/** @type {any} */ p) => (p.id = "philomela"),
      'content/charity/studiezalen.json: /id: Another partner already has the id "philomela": each partner needs its own, e.g. "philomela-2".',
    ],
    [
      "two people at one position in the directory",
      "people/eline-de-graaf.json",
      (/** @type {any} */ p) => (p.order = 10),
      "content/people/eline-de-graaf.json: /order: Another person already has the order 10: each person needs its own, e.g. 611.",
    ],
    [
      "two people at one position: the other one is named too",
      "people/eline-de-graaf.json",
      (/** @type {any} */ p) => (p.order = 10),
      "content/people/maarten-van-veldhoven.json: /order: Another person already has the order 10",
    ],
    [
      "a duplicate office id",
      "site.json",
      (/** @type {any} */ s) => (s.offices[1].id = s.offices[0].id),
      'content/site.json: /offices/1/id: Another office already has the id "amsterdam": each office needs its own, e.g. "amsterdam-2".',
    ],
  ])(
    "fails the build on %s, naming file, field and what is allowed",
    async (_, file, change, message) => {
      const errors = await errorsAfter(file, change);
      expect(
        errors.some((e) => e.startsWith(message)),
        errors.join("\n"),
      ).toBe(true);
    },
  );
});
