// Rich text in content files is Markdown (schema definition `markdown`, e.g. a
// vacancy's `roleText`). This module turns it into HTML and says what in it
// the site does not allow. Plain module, no Node built-ins: the build uses it
// (safe-html.mjs renders and sanitises the fields, content-checks/fields.mjs
// fails the build on problems) and the editor may import it for its preview.
//
// The renderer is safe on its own: raw HTML is shown as text, never passed
// through; a link to anything but https:, http:, mailto:, tel: or a site path
// keeps its text and loses the link; an image becomes its description. At
// build the output still goes through the allow-list sanitiser.
import { Marked } from "marked";
import { allowedSchemes, isSafeHref } from "./content-allow-list.mjs";

/** @param {string} s */
const escapeHtml = (s) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    html({ text, block }) {
      const shown = escapeHtml(text.trim());
      return block ? `<p>${shown}</p>\n` : shown;
    },
    image({ text }) {
      return escapeHtml(text);
    },
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens);
      return isSafeHref(href) ? `<a href="${escapeHtml(href)}">${text}</a>` : text;
    },
    checkbox() {
      return "";
    },
  },
});

/**
 * The HTML of a Markdown text: paragraphs, lists, bold, italic, links and
 * headings. Raw HTML in the source comes out as text.
 * @param {string} source
 * @returns {string}
 */
export function markdownToHtml(source) {
  return /** @type {string} */ (marked.parse(source, { async: false }));
}

/** Heading levels a text may use: the page's own h1 and h2 come first. */
export const allowedHeadingLevels = [3, 4];

const HTML_REASON =
  'HTML is not allowed, use Markdown (**bold**, *italic*, [link text](https://...), "- " before a list item, a blank line between paragraphs)';

/** Markdown constructs that produce nothing the allow-list keeps, by token type. */
const NOT_ALLOWED = /** @type {Record<string, string>} */ ({
  code: "code is not allowed (text indented by four spaces or between ``` lines): remove the indentation",
  codespan: "code is not allowed (text between `backticks`)",
  blockquote: 'quotes ("> ...") are not allowed',
  hr: 'horizontal rules ("---" or "***" on a line of their own) are not allowed',
  table: "tables are not allowed",
  del: 'strikethrough ("~~text~~") is not allowed',
});

/** Token types that render within the allow-list. */
const ALLOWED = new Set([
  "paragraph",
  "text",
  "space",
  "strong",
  "em",
  "br",
  "escape",
  "list",
  "list_item",
  "checkbox",
  "link",
  "def",
  "heading",
]);

/**
 * What in a Markdown text the site does not allow, one reason each (empty
 * when it is fine): raw HTML, headings other than ### and ####, images, links
 * with another scheme, and constructs outside the allow-list (code, quotes,
 * rules, tables, strikethrough, checkboxes).
 * @param {string} source
 * @returns {string[]}
 */
export function markdownProblems(source) {
  /** @type {Set<string>} */
  const reasons = new Set();
  marked.walkTokens(marked.lexer(source), (token) => {
    switch (token.type) {
      case "html":
        reasons.add(HTML_REASON);
        return;
      case "heading":
        if (!allowedHeadingLevels.includes(token.depth)) {
          reasons.add(
            `heading level ${token.depth} ("${"#".repeat(token.depth)} ${token.text}") is not allowed: use ### for a heading and #### below it (the page's own headings come first)`,
          );
        }
        return;
      case "image":
        reasons.add(
          `image "${token.href}" is not allowed in the text: photos have their own fields`,
        );
        return;
      case "link":
        if (!isSafeHref(token.href)) {
          reasons.add(
            `link ${JSON.stringify(token.href)} is not allowed (use ${allowedSchemes.join(":, ")}: or a site path such as /careers)`,
          );
        }
        return;
      case "list_item":
        if (token.task) reasons.add('checkboxes ("[ ]" or "[x]") are not allowed');
        return;
      default:
        if (Object.hasOwn(NOT_ALLOWED, token.type)) reasons.add(NOT_ALLOWED[token.type] ?? "");
        else if (!ALLOWED.has(token.type)) reasons.add(`${token.type} is not allowed`);
    }
  });
  return [...reasons];
}
