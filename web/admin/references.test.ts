// @vitest-environment node
import { describe, expect, it } from "vitest";
import { editorConfig } from "./config.mjs";
import { readContentFiles, readSchemas } from "./read-schemas.mjs";
import { deletionProblem, referencesOf, valuesAt } from "./references";

const config = editorConfig(readSchemas(), readContentFiles());
const content = readContentFiles() as Record<string, Record<string, unknown>>;

describe("referencesOf", () => {
  it("finds the person quoted on Who we are among the fields that pick a folder's entries", () => {
    expect(referencesOf(config.collections)).toContainEqual(
      expect.objectContaining({
        folder: "people",
        collection: "pages",
        file: "people",
        path: ["dna", "quoteBy"],
      }),
    );
  });
});

describe("valuesAt", () => {
  it("looks through lists on the way and at the end", () => {
    const data = { teasers: [{ people: [1, 2] }, { people: [3] }], dna: { quoteBy: 4 } };
    expect(valuesAt(data, ["teasers", "people"])).toEqual([1, 2, 3]);
    expect(valuesAt(data, ["dna", "quoteBy"])).toEqual([4]);
    expect(valuesAt(data, ["dna", "missing"])).toEqual([undefined]);
  });
});

describe("deletionProblem", () => {
  const references = referencesOf(config.collections);
  const published = async (_collection: string, file: string) => content[file];
  const people = Object.entries(content)
    .filter(([path]) => path.startsWith("people/"))
    .map(([, data]) => data as { id: number; name: string });
  const quoteBy = (content["people"] as { dna: { quoteBy: number } }).dna.quoteBy;

  it("names the page and field that pick the entry", async () => {
    const quoted = people.find((p) => p.id === quoteBy)!;
    const reference = references.find((r) => r.path.join(".") === "dna.quoteBy")!;
    expect(await deletionProblem("people", quoted, references, published)).toBe(
      `${quoted.name} is chosen in ${reference.field} on ${reference.page}: choose another there first, then delete.`,
    );
  });

  it("lets an entry nothing picks go, and reads no page of another folder", async () => {
    const other = people.find((p) => p.id !== quoteBy)!;
    expect(await deletionProblem("people", other, references, published)).toBeUndefined();
    const never = async () => {
      throw new Error("read");
    };
    expect(await deletionProblem("charity", { id: 1 }, references, never)).toBeUndefined();
  });
});
