// A script element's text ends at the first "</script", so JSON-LD escapes "<", ">", "&" (and the
// line terminators U+2028/9) as \u escapes, which parsers read back as the characters.

const escapes: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** JSON.stringify(value), safe as the text of a <script> element. */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError("jsonForScript: value has no JSON form");
  return json.replace(/[<>&\u2028\u2029]/g, (c) => escapes[c] ?? c);
}
