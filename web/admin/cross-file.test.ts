// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createValidator } from "../lib/content-schema.mjs";
import { editorConfig } from "./config.mjs";
import {
  annotatedOf,
  breakages,
  contentErrors,
  deleteRefusal,
  formsOf,
  saveRefusal,
} from "./cross-file";
import { readContentFiles, readSchemas } from "./read-schemas.mjs";

const schemas = readSchemas();
const byName = readContentFiles() as Record<string, Record<string, unknown>>;
const forms = formsOf(editorConfig(schemas, byName).collections as never);
/** The content as the editor reads it: by path under content/ ("site.json", "people/anna.json"). */
const content = Object.fromEntries(
  Object.entries(byName).map(([name, data]) => [name.includes("/") ? name : `${name}.json`, data]),
);
type Data = Record<string, any>;
const changed = (path: string, change: (data: Data) => void) => {
  const data = structuredClone(content[path]) as Data;
  change(data);
  return { ...content, [path]: data };
};
const entries = (folder: string) =>
  Object.entries(content).filter(([path]) => path.startsWith(`${folder}/`)) as [string, Data][];

describe("annotatedOf", () => {
  it("finds, from the editor's fields, every value the build's schema annotations name a rule between values for", () => {
    // One row per value and rule: the build may meet a value's rules in two annotations ($ref and its own).
    const rows = (values: { path: string; value: unknown; editor: Record<string, unknown> }[]) =>
      values
        .flatMap(({ path, value, editor }) =>
          ["unique", "options", "notBefore"]
            .filter((key) => editor[key] !== undefined)
            .map((key) => JSON.stringify([path, value, key, editor[key]])),
        )
        .sort();
    const fromEditor = annotatedOf(content, forms);
    const validator = createValidator();
    for (const path of Object.keys(content)) {
      const schema = path.includes("/")
        ? schemas[`entries/${path.slice(0, path.indexOf("/"))}`]
        : schemas[path.replace(/\.json$/, "")];
      const fromBuild = validator.validate(schema!, content[path]).annotated;
      expect(rows(fromEditor[path]!), path).toEqual(rows(fromBuild as never));
    }
  });

  it("leaves the content as it is without an error", () => {
    expect(contentErrors(content, forms)).toEqual([]);
  });
});

describe("breakages", () => {
  const site = content["site.json"] as Data;
  const office = site.offices[0];
  const quoteBy = (content["people.json"] as Data).dna.quoteBy;

  it("names each vacancy and person an office's new id or title leaves without their office", () => {
    const renamed = changed("site.json", (d) => {
      d.offices[0].id = `${office.id}-centre`;
      d.offices[0].title = `${office.title} Centre`;
    });
    const found = breakages(content, renamed, forms);
    const vacancies = entries("careers").filter(([, v]) => v.office === office.id);
    const people = entries("people").filter(([, p]) => p.location === office.title);
    expect(vacancies.length + people.length).toBeGreaterThan(0);
    for (const [path, v] of vacancies) {
      expect(found).toContainEqual(
        expect.objectContaining({ file: path, place: `Vacancy ${v.title}`, field: "Office" }),
      );
    }
    for (const [path, p] of people) {
      expect(found).toContainEqual(
        expect.objectContaining({ file: path, place: `Person ${p.name}`, field: "Office" }),
      );
    }
    const contactOffice = found.find((b) => b.place === "Contact")!;
    expect(saveRefusal(found)).toBe(
      `Not saved: the site could not be built with this change. ${contactOffice.field} on Contact: ${contactOffice.reason} ` +
        `The same goes for ${[...new Set(found.map((b) => `${b.field} on ${b.place}`))].slice(1, 4).join(", ")} and ${new Set(found.map((b) => `${b.field} on ${b.place}`)).size - 4} more. ` +
        "Change that first, then save again.",
    );
  });

  it("names the people in a team removed from Who we are", () => {
    const team = (content["people.json"] as Data).teams[0];
    const found = breakages(
      content,
      changed("people.json", (d) => {
        d.teams = d.teams.slice(1);
      }),
      forms,
    );
    const members = entries("people").filter(([, p]) => p.team.includes(team));
    expect(members.length).toBeGreaterThan(0);
    expect(new Set(found.map((b) => b.file))).toEqual(new Set(members.map(([path]) => path)));
    expect(found[0]!.field).toMatch(/^Teams/);
  });

  it("names the page whose {placeholder} reads a value removed from Site", () => {
    const found = breakages(
      content,
      changed("site.json", (d) => {
        delete d.email.general;
      }),
      forms,
    );
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.reason).toBe("unknown placeholder {email.general} (not in site.json)");
  });

  it("refuses a vacancy given another's slug, whenever the other was saved", () => {
    const [[first, one], [second]] = entries("careers") as [[string, Data], [string, Data]];
    const found = breakages(
      content,
      changed(second, (d) => {
        d.slug = one.slug;
      }),
      forms,
    );
    expect(found.map((b) => [b.file, b.field])).toEqual(
      expect.arrayContaining([
        [first, "Slug"],
        [second, "Slug"],
      ]),
    );
  });

  it("refuses deleting the person quoted on Who we are, naming the page and the field", () => {
    const [path, quoted] = entries("people").find(([, p]) => p.id === quoteBy)!;
    const { [path]: _deleted, ...after } = content;
    expect(deleteRefusal(quoted.name, breakages(content, after, forms))).toBe(
      `${quoted.name} is chosen in DNA > Quote by on Who we are: choose another there first, then delete.`,
    );
  });

  it("lets a person nobody names go, and a save that changes no rule pass", () => {
    const [path] = entries("people").find(([, p]) => p.id !== quoteBy)!;
    const { [path]: _deleted, ...after } = content;
    expect(breakages(content, after, forms)).toEqual([]);
    const renamed = changed(path, (d) => {
      d.name = "Someone Else";
    });
    expect(breakages(content, renamed, forms)).toEqual([]);
  });
});
