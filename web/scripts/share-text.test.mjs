// @vitest-environment node
import { describe, expect, it } from "vitest";
import { FONT_FILES } from "./build-share-images.mjs";
import { OutlineFont, ShareTextError, clean, ellipsize, fit, wrap } from "./share-text.mjs";

// One unit per character: easy widths to reason about.
const chars = (s) => [...s].length;

describe("wrap", () => {
  it("breaks greedily at spaces", () => {
    expect(wrap("aaa bbb ccc dd", 7, chars)).toEqual(["aaa bbb", "ccc dd"]);
  });
  it("collapses white space and keeps a too-long word on its own line", () => {
    expect(wrap("  a   verylongword b ", 5, chars)).toEqual(["a", "verylongword", "b"]);
  });
  it("gives no line for empty text", () => {
    expect(wrap("   ", 5, chars)).toEqual([]);
  });
});

describe("ellipsize", () => {
  it("keeps a line that fits", () => {
    expect(ellipsize("abc def", 7, chars)).toBe("abc def");
  });
  it("drops whole words, then cuts a single long word", () => {
    expect(ellipsize("abc def ghi", 8, chars)).toBe("abc def…");
    expect(ellipsize("abcdefghij", 5, chars)).toBe("abcd…");
  });
  it("marks a line the text goes on after, and drops trailing punctuation", () => {
    expect(ellipsize("abc def", 8, chars, true)).toBe("abc def…");
    expect(ellipsize("abc, def", 7, chars, true)).toBe("abc…");
  });
});

describe("fit", () => {
  // Width grows with the size: a character is size/10 units wide.
  const measure = (s, size) => (chars(s) * size) / 10;
  it("takes the largest size at which the text fits the lines", () => {
    const r = fit("aaaa bbbb cccc", { sizes: [40, 20, 10], maxWidth: 10, maxLines: 2 }, measure);
    // 40: every word is too wide; 20: three lines; 10: two lines.
    expect(r).toEqual({ size: 10, lines: ["aaaa bbbb", "cccc"], cut: false });
    expect(fit("aaaa", { sizes: [40, 20], maxWidth: 10, maxLines: 2 }, measure).size).toBe(20);
  });
  it("cuts after the last line with an ellipsis when no size fits", () => {
    const r = fit("aaaa bbbb cccc dddd eeee", { sizes: [20], maxWidth: 10, maxLines: 2 }, measure);
    expect(r.size).toBe(20);
    expect(r.cut).toBe(true);
    expect(r.lines).toEqual(["aaaa", "bbbb…"]);
  });
});

describe("OutlineFont", () => {
  const serif = OutlineFont.fromFile(FONT_FILES.serif);
  const sans = OutlineFont.fromFile(FONT_FILES.sans);

  it("are the faces the cards name", () => {
    expect(serif.font.familyName).toBe("TeX Gyre Pagella");
    expect(sans.font.familyName).toBe("Roboto");
  });
  it("measures in proportion to the size and kerns pairs", () => {
    expect(serif.width("Veldhaven", 40)).toBeCloseTo(2 * serif.width("Veldhaven", 20), 6);
    expect(serif.width("AV", 100)).toBeLessThan(serif.width("A", 100) + serif.width("V", 100));
  });
  it("adds tracking between glyphs, not after the last", () => {
    const plain = sans.width("ABC", 20);
    expect(sans.width("ABC", 20, 0.1)).toBeCloseTo(plain + 2 * 0.1 * 20, 6);
  });
  it("outlines the same text to the same path, placed where asked", () => {
    const a = serif.path("Ø Ærø", 48, 10, 100);
    expect(a).toBe(serif.path("Ø Ærø", 48, 10, 100));
    expect(a).toMatch(/^M[\d.]+ [\d.]+/);
    expect(serif.path("Ø Ærø", 48, 20, 100)).not.toBe(a);
  });
  it("refuses a character the font has no glyph for, naming it", () => {
    expect(() => serif.width("Tokyo 東京", 20)).toThrow(ShareTextError);
    expect(() => serif.width("Tokyo 東京", 20)).toThrow(/東/);
  });
});

describe("clean", () => {
  it("collapses white space", () => {
    expect(clean(" a\n\tb  c ")).toBe("a b c");
  });
});
