import { describe, expect, it } from "vitest";
import { focusTarget, toggle } from "./accordion";

describe("toggle", () => {
  it.each([
    [null, 0, 0],
    [0, 0, null],
    [0, 2, 2],
    [3, 1, 1],
  ])("open=%s click %i -> %s", (open, index, want) => expect(toggle(open, index)).toBe(want));
});

describe("focusTarget", () => {
  it.each([
    ["ArrowDown", 0, 1],
    ["ArrowDown", 3, 0],
    ["ArrowUp", 0, 3],
    ["ArrowUp", 2, 1],
    ["Home", 2, 0],
    ["End", 0, 3],
    ["Enter", 1, null],
  ])("%s from %i -> %s", (key, current, want) => expect(focusTarget(key, current, 4)).toBe(want));

  it("does nothing without entries", () => expect(focusTarget("ArrowDown", 0, 0)).toBeNull());
});
