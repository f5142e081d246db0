import { describe, expect, it } from "vitest";
import { countAt, easeOutCubic, shouldCount } from "./counter";

describe("countAt", () => {
  it.each([
    [-10, 0],
    [0, 0],
    [4000, 75],
    [5000, 75],
  ])("at %i ms shows %i of 75", (ms, want) => expect(countAt(ms, 4000, 75)).toBe(want));

  it("rises monotonically to the target and stays an integer", () => {
    let prev = 0;
    for (let ms = 0; ms <= 4000; ms += 16) {
      const v = countAt(ms, 4000, 75);
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(prev);
      prev = v;
    }
    expect(prev).toBe(75);
  });

  it("is past halfway at half time (ease-out)", () => {
    expect(countAt(2000, 4000, 4)).toBeGreaterThanOrEqual(3);
  });

  it("shows the target at once for a zero duration", () => {
    expect(countAt(0, 0, 4)).toBe(4);
  });
});

describe("easeOutCubic", () => {
  it("clamps to [0, 1]", () => {
    expect(easeOutCubic(-1)).toBe(0);
    expect(easeOutCubic(2)).toBe(1);
  });
});

describe("shouldCount", () => {
  it.each([
    [false, 900, 800, true],
    [false, 800, 800, true],
    [false, 400, 800, false],
    [true, 900, 800, false],
  ])("reduced=%s top=%i vh=%i -> %s", (reduced, top, vh, want) =>
    expect(shouldCount(reduced, top, vh)).toBe(want),
  );
});
