// The one allow-list for the HTML that content may put on a page (a vacancy's
// role text, written in Markdown and rendered by content-markdown.mjs). The
// build's sanitiser (safe-html.mjs) and the Markdown renderer and check both
// read it. Plain module, no Node built-ins: the editor may import it in the
// browser.

/** Tags rich text may produce. */
export const allowedTags = ["p", "br", "strong", "em", "b", "i", "ul", "ol", "li", "h3", "h4", "a"];
/**
 * Attributes per tag; every other attribute (style, on*, class, ...) is
 * removed. `start` keeps the number a numbered list starts at ("3. ...").
 * @type {Record<string, string[]>}
 */
export const allowedAttributes = { a: ["href"], ol: ["start"] };
/** URL schemes a link may use; site paths ("/who-we-are") are allowed too, protocol-relative URLs are not. */
export const allowedSchemes = ["https", "http", "mailto", "tel"];

/**
 * Whether a link may point there: a site path, a relative or fragment link,
 * or a URL with one of the allowed schemes.
 * @param {string} href
 */
export function isSafeHref(href) {
  // Browsers ignore control characters and whitespace inside a scheme, and
  // read "/\host" as "//host" (another site).
  const compact = href
    .replace(/[\u0000-\u0020\u007f]/g, "")
    .replace(/\\/g, "/")
    .toLowerCase();
  if (compact.startsWith("//")) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  return scheme ? allowedSchemes.includes(/** @type {string} */ (scheme[1])) : true;
}
