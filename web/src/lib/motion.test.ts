import { describe, expect, it } from "vitest";
import { mayAutoplay } from "./motion";

describe("mayAutoplay", () => {
  it("plays without a reduced-motion preference and never with one", () => {
    expect(mayAutoplay(false)).toBe(true);
    expect(mayAutoplay(true)).toBe(false);
  });
});
