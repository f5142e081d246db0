// Astro writes the rule that lays its island wrappers out of the way
// (`astro-island{display:contents}` and friends) as a <style> just before the
// first island of a page, that is in <body>, where HTML does not allow <style>
// (the Nu checker rejects it). The middleware moves it into <head>.

/**
 * The page with every `<style>` holding exactly `rule` taken out of the body
 * and one such element put at the end of the head. A page without it, or
 * without a head, is returned as it is.
 */
export function hoistIslandStyle(html: string, rule: string): string {
  const tag = `<style>${rule}</style>`;
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) return html;
  const head = html.slice(0, headEnd);
  const rest = html.slice(headEnd);
  if (!rest.includes(tag)) return html;
  const body = rest.split(tag).join("");
  return (head.includes(tag) ? head : head + tag) + body;
}
