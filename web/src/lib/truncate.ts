// Cutting text to a number of characters without splitting a character: a
// "character" is a grapheme cluster (what a reader sees as one letter: "é" written
// as e + accent, an emoji with skin tone, a flag), never half a surrogate pair.

type Segmenter = { segment(text: string): Iterable<{ segment: string }> };

let segmenter: Segmenter | null | undefined;

/** The characters of a text as a reader counts them. */
export function graphemes(text: string): string[] {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl !== "undefined" && "Segmenter" in Intl
        ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
        : null;
  }
  // Without Intl.Segmenter, code points: never a split surrogate pair.
  return segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
}

export interface Truncated {
  /** The text to show. */
  text: string;
  /** Whether the text was cut. */
  cut: boolean;
}

/**
 * The text when it has at most `max` characters; otherwise its first `max`
 * characters (trailing white space dropped) followed by `suffix`.
 */
export function truncate(text: string, max: number, suffix: string): Truncated {
  const chars = graphemes(text);
  if (chars.length <= max) return { text, cut: false };
  return { text: chars.slice(0, max).join("").trimEnd() + suffix, cut: true };
}

/** Plain text of trusted (build-sanitised) HTML: tags removed, entities decoded, white space collapsed. */
export function htmlToText(html: string): string {
  const named: Record<string, string> = {
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    apos: "'",
    nbsp: " ",
  };
  return html
    .replace(/<\/?(p|br|li|ul|ol|h[1-6]|div)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
      if (body[0] === "#") {
        const code =
          body[1] === "x" || body[1] === "X"
            ? parseInt(body.slice(2), 16)
            : parseInt(body.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return named[body.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}
