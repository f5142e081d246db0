import { describe, expect, it } from "vitest";
import { entryRoute, isMediaRoute, switchesEntry } from "./entry-route";

describe("entryRoute", () => {
  it("reads the collection and entry of an editor route", () => {
    expect(entryRoute("/collections/careers/entries/careers")).toEqual({
      collection: "careers",
      slug: "careers",
    });
    expect(entryRoute("/collections/people/entries/a/b/")).toEqual({
      collection: "people",
      slug: "a/b",
    });
    expect(entryRoute("/collections/careers")).toBeUndefined();
    expect(entryRoute("/collections/careers/new")).toBeUndefined();
  });
});

describe("switchesEntry", () => {
  it.each([
    ["/collections/people/entries/employees", "/collections/careers/entries/careers", true],
    ["/collections/pages/entries/home", "/collections/pages/entries/charity", true],
    ["/collections/pages/entries/home", "/collections/pages/entries/home", false],
    ["/collections/pages", "/collections/pages/entries/home", false],
    ["/collections/pages/entries/home", "/workflow", false],
  ])("%s -> %s: %s", (from, to, want) => {
    expect(switchesEntry(from, to)).toBe(want);
  });
});

describe("isMediaRoute", () => {
  it("matches #/media only", () => {
    expect(isMediaRoute("/media")).toBe(true);
    expect(isMediaRoute("/media/")).toBe(true);
    expect(isMediaRoute("/mediax")).toBe(false);
    expect(isMediaRoute("/collections/media")).toBe(false);
  });
});
