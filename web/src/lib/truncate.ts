// Cutting text without splitting a character: a grapheme cluster (an accented letter, an emoji).

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
  text: string;
  cut: boolean;
}

/** The text, or over `max` characters its first `max` (trailing space dropped) and `suffix`. */
export function truncate(text: string, max: number, suffix: string): Truncated {
  // No more UTF-16 units than `max` is no more characters.
  if (text.length <= max) return { text, cut: false };
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
