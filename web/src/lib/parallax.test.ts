import { describe, expect, it } from "vitest";
import { PARALLAX, parallaxTarget } from "./parallax";

describe("parallaxTarget", () => {
  it("is 0 for a header at its initial position", () => {
    expect(parallaxTarget(72, 600, 1000, 72)).toBe(0);
  });
  it("lags behind the page as it scrolls up", () => {
    expect(parallaxTarget(-128, 600, 1000, 72)).toBeCloseTo(200 * PARALLAX.speed);
  });
  it("starts at the trigger line (40% of the viewport) for an element lower down", () => {
    expect(parallaxTarget(500, 600, 1000, 2000)).toBe(0);
    expect(parallaxTarget(400, 600, 1000, 2000)).toBe(0);
    expect(parallaxTarget(300, 600, 1000, 2000)).toBeCloseTo(100 * PARALLAX.speed);
  });
  it("clamps to the overhang", () => {
    expect(parallaxTarget(-5000, 600, 1000, 72)).toBe(600 * PARALLAX.range);
  });
});
