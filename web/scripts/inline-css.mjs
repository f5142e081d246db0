// Inlines a prerendered page's stylesheets into one <style> element so the
// first paint waits for no request but the HTML itself. Under a slow mobile
// network each render-blocking stylesheet costs at least a round trip; a
// page's CSS is a few KB of gzip, less than one such round trip.
//
// The <link> elements stay where React rendered them, so hydration still
// finds the elements it expects, but get the `disabled` attribute: the browser
// neither fetches nor applies a disabled stylesheet. React never writes an
// attribute it did not render, so they stay disabled; routes reached later by
// client-side navigation render their own, enabled, links.

const linkTag = /<link\b[^>]*>/gi;
const attribute = /([a-z-]+)(?:="([^"]*)")?/gi;

function attributesOf(tag) {
  const attrs = {};
  const inner = tag.replace(/^<link\b/i, "").replace(/\/?>$/, "");
  for (const [, name, value] of inner.matchAll(attribute)) attrs[name.toLowerCase()] = value ?? "";
  return attrs;
}

/**
 * Checks that CSS can move from its file into an HTML page unchanged.
 * @param {string} css
 * @param {string} href the stylesheet's URL, for the error message
 */
export function assertInlinable(css, href) {
  if (/<\/style/i.test(css)) throw new Error(`${href}: contains "</style", cannot be inlined`);
  // A relative url() resolves against the stylesheet's URL; inlined, it would
  // resolve against the page's and break.
  for (const [, raw] of css.matchAll(/url\(\s*([^)]*?)\s*\)/gi)) {
    const url = raw.replace(/^["']|["']$/g, "");
    if (!/^(\/|data:|#|https?:)/i.test(url)) {
      throw new Error(`${href}: relative url(${url}) would break when inlined`);
    }
  }
  if (/@import\b/i.test(css)) throw new Error(`${href}: @import would stay render-blocking`);
}

/**
 * @param {string} html a prerendered page
 * @param {(href: string) => string} readStylesheet the CSS behind a same-origin href
 * @returns {{ html: string, inlined: string[] }} the page and the hrefs it now inlines
 */
export function inlineStylesheets(html, readStylesheet) {
  const links = [...html.matchAll(linkTag)]
    .map((m) => ({ tag: m[0], index: m.index, attrs: attributesOf(m[0]) }))
    .filter(({ attrs }) => attrs.rel === "stylesheet" && !("disabled" in attrs));
  if (links.length === 0) return { html, inlined: [] };
  for (const { attrs } of links) {
    if (!attrs.href?.startsWith("/") || attrs.href.startsWith("//")) {
      throw new Error(`stylesheet ${attrs.href ?? "(no href)"} is not same-origin`);
    }
    if (attrs.media && attrs.media !== "all") {
      throw new Error(
        `stylesheet ${attrs.href} has media="${attrs.media}"; only unconditional CSS is inlined`,
      );
    }
  }
  const css = links
    .map(({ attrs }) => {
      const text = readStylesheet(attrs.href).trim();
      assertInlinable(text, attrs.href);
      return text;
    })
    .join("\n");
  let out = "";
  let from = 0;
  for (const [i, { tag, index }] of links.entries()) {
    out += html.slice(from, index);
    if (i === 0) out += `<style>${css}</style>`;
    out += tag.replace(/\s*\/?>$/, " disabled/>");
    from = index + tag.length;
  }
  out += html.slice(from);
  return { html: out, inlined: links.map(({ attrs }) => attrs.href) };
}
