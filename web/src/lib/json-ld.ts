// JSON-LD in <script type="application/ld+json">: the text of a script
// element ends at the first "</script" whatever the JSON around it says, so a
// vacancy title such as `</script><script>…` would end the block and start a
// script. jsonForScript writes JSON that cannot: "<", ">" and "&" as \u escapes
// (so no tag, comment or entity can start), and U+2028/U+2029 as well (line
// terminators to older JavaScript parsers). The JSON means the same: parsers
// read the escapes back as the characters.

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
