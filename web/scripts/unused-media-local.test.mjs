import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contentStrings, mediaFiles, unusedMedia, stringsIn } from "./unused-media-local.mjs";

describe("stringsIn", () => {
  it("collects strings at any depth", () => {
    expect([...stringsIn({ a: "x", b: [{ c: "y" }, 3, null], d: { e: ["z"] } })].sort()).toEqual([
      "x",
      "y",
      "z",
    ]);
  });
});

describe("unusedMedia", () => {
  const media = [
    "content/media/images/anna.jpg",
    "content/media/images/office.jpg",
    "content/media/images/shared.jpg",
    "content/media/logos/firm.svg",
  ];
  it("deletes a file the saved file named before and nothing names now", () => {
    expect(
      unusedMedia({
        before: new Set(["anna.jpg", "shared.jpg", "Analyst"]),
        now: new Set(["shared.jpg", "firm.svg"]),
        media,
      }),
    ).toEqual(["content/media/images/anna.jpg"]);
  });
  it("keeps a file another text still mentions, even within a longer text", () => {
    expect(
      unusedMedia({
        before: new Set(["anna.jpg"]),
        now: new Set(["see /media/anna.jpg for the portrait"]),
        media,
      }),
    ).toEqual([]);
  });
  it("never deletes a file the saved file did not name (uploads of other pages)", () => {
    expect(unusedMedia({ before: new Set(["x"]), now: new Set(), media })).toEqual([]);
  });
});

describe("contentStrings and mediaFiles", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  it("read the working tree; a content file that does not parse gives no strings", () => {
    root = mkdtempSync(join(tmpdir(), "unused-media-"));
    mkdirSync(join(root, "content/media/images"), { recursive: true });
    writeFileSync(join(root, "content/a.json"), JSON.stringify({ image: "a.jpg" }));
    writeFileSync(join(root, "content/media/images/a.jpg"), "");
    // An entry in a folder of entries counts too.
    mkdirSync(join(root, "content/people"));
    writeFileSync(join(root, "content/people/anna.json"), JSON.stringify({ image: "anna.jpg" }));
    expect([...(contentStrings(root) ?? [])].sort()).toEqual(["a.jpg", "anna.jpg"]);
    expect(mediaFiles(root)).toEqual(["content/media/images/a.jpg"]);
    writeFileSync(join(root, "content/b.json"), "{ not json");
    expect(contentStrings(root)).toBeUndefined();
  });
});
