// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir } from "./content-dir.mjs";
import { formatError, validateContent } from "./validate-content.mjs";

/** A copy of the real content folder to break on purpose. */
function contentCopy() {
  const dir = mkdtempSync(join(tmpdir(), "content-"));
  cpSync(contentDir, dir, {
    recursive: true,
    filter: (src) => !src.includes(`${join(contentDir, "media")}`),
  });
  return dir;
}

function edit(dir, file, change) {
  const path = join(dir, file);
  const data = JSON.parse(readFileSync(path, "utf8"));
  change(data);
  writeFileSync(path, JSON.stringify(data));
}

describe("validateContent", () => {
  it("accepts the firm's content", async () => {
    expect((await validateContent()).map(formatError)).toEqual([]);
  });

  it.each([
    [
      "a missing field",
      (d) => delete d.phone,
      "content/site.json: /phone: must have required property 'phone'",
    ],
    [
      "a mistyped field",
      (d) => (d.footer.copyrightYear = "2023"),
      "content/site.json: /footer/copyrightYear: must be integer",
    ],
    [
      "an unknown field",
      (d) => (d.phoneNumber = "x"),
      "content/site.json: /phoneNumber: must NOT have additional properties",
    ],
    [
      "a bad e-mail",
      (d) => (d.email.charity = "nobody"),
      "content/site.json: /email/charity: must match pattern",
    ],
    [
      "a duplicate nav link",
      (d) => d.nav.push({ ...d.nav[0] }),
      "content/site.json: /nav/7/to: /what-we-do is listed twice",
    ],
  ])("names file, field and reason for %s", async (_, change, message) => {
    const dir = contentCopy();
    edit(dir, "site.json", change);
    const errors = (await validateContent(dir)).map(formatError);
    expect(errors.some((e) => e.startsWith(message))).toBe(true);
  });

  it("reports malformed JSON with the file name", async () => {
    const dir = contentCopy();
    writeFileSync(join(dir, "pages.json"), "{ not json");
    const errors = (await validateContent(dir)).map(formatError);
    expect(errors[0]).toMatch(/^content\/pages\.json: \(file\): /);
  });
});
