/** Moves Astro's island-wrapper <style> (`rule`) from the body, where HTML forbids it, into <head>. */
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
