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
      "careers.json",
      (/** @type {any} */ c) => (c.vacancies[1].slug = c.vacancies[0].slug),
      'content/careers.json: /vacancies/1/slug: Another vacancy already has the slug "asset-manager": each vacancy needs its own, e.g. "asset-manager-2".',
    ],
    [
      "a duplicate vacancy id",
      "careers.json",
      (/** @type {any} */ c) => (c.vacancies[2].id = c.vacancies[0].id),
      "content/careers.json: /vacancies/2/id: Another vacancy already has the id 1: each vacancy needs its own, e.g. 3.",
    ],
    [
      "an unknown office",
      "careers.json",
      (/** @type {any} */ c) => (c.vacancies[0].office = "paris"),
      'content/careers.json: /vacancies/0/office: "paris" is not one of the offices: choose Amsterdam (amsterdam), Dublin (dublin), Copenhagen (copenhagen) or Helsinki (helsinki) from the list (offices are listed in content/site.json, offices).',
    ],
    [
      "an end date before the posting date",
      "careers.json",
      (/** @type {any} */ c) => (c.vacancies[0].validThrough = "2000-01-01"),
      "content/careers.json: /vacancies/0/validThrough: Valid through (2000-01-01) is before date posted (2026-10-05): choose 2026-10-05 or a later date, or leave it empty.",
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
      "charity.json",
      (/** @type {any} */ c) => (c.partners[2].id = c.partners[0].id),
      'content/charity.json: /partners/2/id (id studiezalen, Philomela): Another partner already has the id "studiezalen": each partner needs its own, e.g. "studiezalen-2".',
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
