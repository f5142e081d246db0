import { describe, expect, it } from "vitest";
import { markerIndex, showsPortraitCredit } from "./nav";

const links = [
  { to: "/what-we-do" },
  { to: "/who-we-are" },
  { to: "/charity" },
  { to: "/latest-insights" },
  { to: "/governance" },
  { to: "/careers" },
  { to: "/contact" },
];

describe("markerIndex", () => {
  it.each([
    ["/what-we-do", false, 0],
    ["/who-we-are", false, 1],
    ["/contact", false, 6],
    ["/careers/", false, 5],
    ["/", false, null],
    ["/privacy-statement", false, null],
    ["/who-we-are/12", false, null],
    ["/careers/asset-manager", false, null],
    ["/a/b/c", false, null],
    ["/unknown", false, 0],
    ["/unknown", true, null],
    ["/contact", true, null],
  ] as const)("%s (not found: %s) -> %s", (path, notFound, expected) => {
    expect(markerIndex(path, links, notFound)).toBe(expected);
  });

  it("is hidden when there are no links", () => {
    expect(markerIndex("/contact", [], false)).toBeNull();
  });
});

describe("showsPortraitCredit", () => {
  const paths = ["/", "/who-we-are"];
  it.each([
    ["/", true],
    ["/who-we-are", true],
    ["/who-we-are/12", true],
    ["/who-we-are-x", false],
    ["/contact", false],
    ["/careers/asset-manager", false],
  ] as const)("%s -> %s", (path, expected) => {
    expect(showsPortraitCredit(path, paths)).toBe(expected);
  });
});
