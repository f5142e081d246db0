// Content paragraphs' inline markup: `[label](href)` links and `{phone}`-style site.json values.

export type Segment = { text: string } | { text: string; href: string };

const TOKEN = /\[([^\]]+)\]\(([^)\s]+)\)|\{([a-zA-Z]+(?:\.[a-zA-Z0-9]+)*)\}/g;

/** The value at a dotted path of `values` when it is a string or number, else undefined. */
export function lookup(values: unknown, path: string): string | undefined {
  let cur: unknown = values;
  for (const key of path.split(".")) {
    if (cur === null || typeof cur !== "object" || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return typeof cur === "string" || typeof cur === "number" ? String(cur) : undefined;
}

/** Replaces `{path}` placeholders; an unknown placeholder throws (a typo fails the build). */
export function interpolate(text: string, values: unknown): string {
  return text.replace(/\{([a-zA-Z]+(?:\.[a-zA-Z0-9]+)*)\}/g, (_, path: string) => {
    const value = lookup(values, path);
    if (value === undefined) throw new Error(`Unknown placeholder {${path}} in "${text}"`);
    return value;
  });
}

/** Splits a paragraph into text and link segments, placeholders resolved. */
export function parseInline(text: string, values: unknown): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const index = m.index ?? 0;
    if (index > last) out.push({ text: text.slice(last, index) });
    if (m[1] !== undefined && m[2] !== undefined) {
      out.push({ text: interpolate(m[1], values), href: interpolate(m[2], values) });
    } else {
      out.push({ text: interpolate(m[0], values) });
    }
    last = index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  // Merge neighbouring plain text so the markup stays minimal.
  return out.reduce<Segment[]>((acc, seg) => {
    const prev = acc[acc.length - 1];
    if (prev && !("href" in prev) && !("href" in seg)) prev.text += seg.text;
    else acc.push({ ...seg });
    return acc;
  }, []);
}
