import { describe, expect, it } from "vitest";
import { staggerDelays } from "./stagger";

describe("staggerDelays", () => {
  it("spreads the seven menu items from 0.4 s to 1 s", () => {
    expect(staggerDelays(7, 0.4, 1)).toEqual([0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  });
  it("spreads the four menu layers from 0.1 s to 0.4 s", () => {
    expect(staggerDelays(4, 0.1, 0.4)).toEqual([0.1, 0.2, 0.3, 0.4]);
  });
  it("handles one and no elements", () => {
    expect(staggerDelays(1, 0.4, 1)).toEqual([0.4]);
    expect(staggerDelays(0, 0.4, 1)).toEqual([]);
  });
});
