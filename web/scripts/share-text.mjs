// Text on the share images, set as outlines. The glyphs come from a font file
// committed beside this script (scripts/fonts/), shaped by fontkit (kerning,
// ligatures) and written as SVG paths, so the rendered text never depends on
// the fonts, fontconfig setup or hinting of the machine that builds: the same
// text gives the same pixels everywhere librsvg (sharp) renders it.
import { readFileSync } from "node:fs";
import { create } from "fontkit";

export class ShareTextError extends Error {
  constructor(message) {
    super(`build-share-images: ${message}`);
    this.name = "ShareTextError";
  }
}

/** A font file, ready to measure and outline text. */
export class OutlineFont {
  /** @param {Buffer} buffer an OpenType or TrueType file @param {string} label for messages */
  constructor(buffer, label) {
    this.font = create(buffer);
    this.label = label;
  }

  static fromFile(path) {
    return new OutlineFont(readFileSync(path), path);
  }

  /** Distance from the baseline to the top of the font's ascenders, at a size in px. */
  ascent(size) {
    return (this.font.ascent / this.font.unitsPerEm) * size;
  }

  /** Glyphs and pen positions of one line; `tracking` is extra space after each glyph, in em. */
  layout(text, size, tracking = 0) {
    const run = this.font.layout(text);
    const scale = size / this.font.unitsPerEm;
    const placed = [];
    let x = 0;
    run.glyphs.forEach((glyph, i) => {
      if (glyph.id === 0) {
        const char = [...text].find((c) => !this.font.hasGlyphForCodePoint(c.codePointAt(0)));
        throw new ShareTextError(
          `the font ${this.label} has no glyph for "${char ?? "?"}" in "${text}"`,
        );
      }
      const pos = run.positions[i];
      placed.push({ glyph, x: x + pos.xOffset * scale, y: pos.yOffset * scale });
      x += pos.xAdvance * scale + (i < run.glyphs.length - 1 ? tracking * size : 0);
    });
    return { width: x, placed, scale };
  }

  /** Width of one line in px. */
  width(text, size, tracking = 0) {
    return this.layout(text, size, tracking).width;
  }

  /** SVG path data of one line whose baseline starts at (x, baseline). */
  path(text, size, x, baseline, tracking = 0) {
    const { placed, scale } = this.layout(text, size, tracking);
    return placed
      .map(({ glyph, x: gx, y: gy }) =>
        glyph.path
          .scale(scale, -scale)
          .translate(x + gx, baseline - gy)
          .toSVG(),
      )
      .filter(Boolean)
      .join("");
  }
}

/** Collapses runs of white space and trims. */
export const clean = (text) => text.replace(/\s+/g, " ").trim();

/**
 * Breaks text into lines no wider than maxWidth, greedily at spaces. A word
 * wider than the line stands on a line of its own (fit() then shrinks the text
 * or shortens that line).
 * @param {string} text @param {number} maxWidth @param {(s: string) => number} measure
 */
export function wrap(text, maxWidth, measure) {
  const lines = [];
  let line = "";
  for (const word of clean(text).split(" ")) {
    if (!word) continue;
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Cuts a line to fit maxWidth, ending it with an ellipsis: whole words first,
 * characters only when a single word is too wide. A line that fits is kept,
 * unless `always` (the text goes on after it), when it gets the ellipsis too.
 * @param {string} line @param {number} maxWidth @param {(s: string) => number} measure
 */
export function ellipsize(line, maxWidth, measure, always = false) {
  if (!always && measure(line) <= maxWidth) return line;
  const words = line.split(" ");
  for (let n = words.length - (always ? 0 : 1); n > 0; n--) {
    const candidate = `${words
      .slice(0, n)
      .join(" ")
      .replace(/[\s,.;:–—-]+$/, "")}…`;
    if (measure(candidate) <= maxWidth) return candidate;
  }
  const chars = [...words[0]];
  for (let n = chars.length - 1; n > 0; n--) {
    const candidate = `${chars.slice(0, n).join("")}…`;
    if (measure(candidate) <= maxWidth) return candidate;
  }
  return "…";
}

/**
 * The largest of `sizes` (tried in order) at which the text wraps into at most
 * maxLines lines that each fit maxWidth. When none does, the smallest size is
 * used and the text is cut after maxLines lines with an ellipsis.
 * @param {string} text
 * @param {{ sizes: number[], maxWidth: number, maxLines: number }} box
 * @param {(s: string, size: number) => number} measure width of a line at a size
 * @returns {{ size: number, lines: string[], cut: boolean }}
 */
export function fit(text, { sizes, maxWidth, maxLines }, measure) {
  for (const size of sizes) {
    const at = (/** @type {string} */ s) => measure(s, size);
    const lines = wrap(text, maxWidth, at);
    if (lines.length <= maxLines && lines.every((l) => at(l) <= maxWidth)) {
      return { size, lines, cut: false };
    }
  }
  const size = sizes[sizes.length - 1];
  const at = (/** @type {string} */ s) => measure(s, size);
  const wrapped = wrap(text, maxWidth, at);
  const lines = wrapped.slice(0, maxLines).map((l) => ellipsize(l, maxWidth, at));
  if (wrapped.length > maxLines) {
    lines[maxLines - 1] = ellipsize(wrapped[maxLines - 1], maxWidth, at, true);
  }
  return { size, lines, cut: true };
}
