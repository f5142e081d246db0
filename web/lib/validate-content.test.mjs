// @vitest-environment node
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
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

  it.each([["1906-11-26"], ["0202-11-26"], ["2100-01-01"]])(
    "refuses a vacancy posted on %s, naming the range allowed",
    async (date) => {
      const dir = contentCopy();
      edit(dir, "careers/asset-manager.json", (d) => (d.datePosted = date));
      const errors = (await validateContent(dir)).map(formatError);
      expect(errors).toEqual([
        expect.stringMatching(
          /^content\/careers\/asset-manager\.json: \/datePosted: must match pattern .*: A date from 2000-01-01 to 2099-12-31, written as year-month-day, e\.g\. 2026-12-31\.$/,
        ),
      ]);
    },
  );

  it("reports malformed JSON with the file name", async () => {
    const dir = contentCopy();
    writeFileSync(join(dir, "pages.json"), "{ not json");
    const errors = (await validateContent(dir)).map(formatError);
    expect(errors[0]).toMatch(/^content\/pages\.json: \(file\): /);
  });

  it("accepts a charity partner and the ESG block with one photo each; the photo stays required", async () => {
    const dir = contentCopy();
    symlinkSync(join(contentDir, "media"), join(dir, "media"));
    const onlyDesktop = ({ mobile, tablet, ...images }) => images;
    edit(dir, "charity/sina.json", (d) => (d.images = onlyDesktop(d.images)));
    edit(dir, "charity.json", (d) => (d.esg.images = onlyDesktop(d.esg.images)));
    expect((await validateContent(dir)).map(formatError)).toEqual([]);
    edit(dir, "charity/sina.json", (d) => delete d.images.desktop);
    expect((await validateContent(dir)).map(formatError)).toEqual([
      expect.stringMatching(
        /^content\/charity\/sina\.json: \/images\/desktop: must have required property 'desktop'/,
      ),
    ]);
  });
});

describe("people content checks", () => {
  /** A copy whose media folder is the real one, so image checks see the portraits. */
  function peopleCopy() {
    const dir = contentCopy();
    symlinkSync(join(contentDir, "media"), join(dir, "media"));
    return dir;
  }

  it.each([
    [
      "a duplicate id",
      (d) => (d.id = 1),
      `content/people/eline-de-graaf.json: /id: `,
      "Another person already has the id 1: each person needs its own, e.g. ",
    ],
    [
      "an unknown team",
      (d) => (d.team = ["Investments", "Sales"]),
      "content/people/eline-de-graaf.json: /team/1: ",
      '"Sales" is not one of the teams: choose Management Team, Finance,',
    ],
    [
      "an unknown location",
      (d) => (d.location = "Berlin"),
      "content/people/eline-de-graaf.json: /location: ",
      '"Berlin" is not one of the offices: choose Amsterdam, Dublin, Copenhagen or Helsinki from the list',
    ],
    [
      "a missing portrait",
      (d) => (d.image = "person-nobody.jpg"),
      "content/people/eline-de-graaf.json: /image: ",
      'unknown image "person-nobody.jpg": no content/media/images/person-nobody.jpg',
    ],
    [
      "a portrait without its extension",
      (d) => (d.image = d.image.replace(/\.jpg$/, "")),
      "content/people/eline-de-graaf.json: /image: ",
      "must match pattern",
    ],
  ])("names file, record, field and reason for %s", async (_, change, start, reason) => {
    const dir = peopleCopy();
    edit(dir, "people/eline-de-graaf.json", change);
    const errors = (await validateContent(dir)).map(formatError);
    // A duplicate id names both people who have it: the build cannot tell who was changed.
    expect(errors.filter((e) => !e.includes("maarten-van-veldhoven.json"))).toHaveLength(1);
    expect(errors[0]).toContain(start);
    expect(errors[0]).toContain(reason);
  });

  it("needs at least one person in the directory", async () => {
    const dir = peopleCopy();
    rmSync(join(dir, "people"), { recursive: true });
    mkdirSync(join(dir, "people"));
    expect((await validateContent(dir)).map(formatError)).toContain(
      "content/people/: (folder): needs at least 1 entry, has 0",
    );
  });

  it("rejects a quote by someone not in the directory", async () => {
    const dir = peopleCopy();
    edit(dir, "people.json", (d) => (d.dna.quoteBy = 999999));
    expect((await validateContent(dir)).map(formatError)).toEqual([
      expect.stringMatching(
        /^content\/people\.json: \/dna\/quoteBy: "999999" is not one of the people in the directory: choose Maarten van Veldhoven \(1\), /,
      ),
    ]);
  });
});
