import { describe, expect, it } from "vitest";
import { dampedStep, PARALLAX, parallaxEnabled, parallaxTarget } from "./parallax";

describe("parallaxEnabled", () => {
  it.each([
    [375, false, false],
    [767, false, false],
    [768, false, true],
    [1280, false, true],
    [1280, true, false],
  ])("width %i reduced=%s -> %s", (w, reduced, want) =>
    expect(parallaxEnabled(w, reduced)).toBe(want),
  );
});

describe("parallaxTarget", () => {
  it("is 0 with the element's top at the trigger line", () => {
    expect(parallaxTarget(0.4 * 1000, 600, 1000)).toBe(0);
  });
  it("moves the background down as the page scrolls up", () => {
    expect(parallaxTarget(200, 600, 1000)).toBeCloseTo((400 - 200) * PARALLAX.speed);
  });
  it("clamps to the overhang", () => {
    expect(parallaxTarget(-5000, 600, 1000)).toBe(600 * PARALLAX.range);
    expect(parallaxTarget(5000, 600, 1000)).toBe(-600 * PARALLAX.range);
  });
});

describe("dampedStep", () => {
  it("covers 20% of the distance per frame", () => {
    expect(dampedStep(0, 100)).toBe(20);
    expect(dampedStep(20, 100)).toBe(36);
  });
  it("settles exactly on the target", () => {
    let v = 0;
    for (let i = 0; i < 100; i++) v = dampedStep(v, 50);
    expect(v).toBe(50);
  });
});
