// The build's sanitiser for the HTML that content puts on a page: a vacancy's
// role text, written in Markdown (content-markdown.mjs) and rendered here.
// Used at build time only, so the browser never runs a sanitiser:
// - lib/content-checks/fields.mjs fails the build, naming file, field and
//   reason, when a Markdown field holds anything outside the allow-list
//   (content-allow-list.mjs);
// - the Vite plugin below renders the Markdown fields of content/careers.json
//   to HTML and sanitises it as the module is bundled, so even a build that
//   skipped validation (dev server, tests) can never put a script, style,
//   event handler or javascript: URL on a page.
import { createRequire } from "node:module";
import {
  allowedAttributes,
  allowedSchemes,
  allowedTags,
  isSafeHref,
} from "./content-allow-list.mjs";
import { markdownToHtml } from "./content-markdown.mjs";

const require = createRequire(import.meta.url);
/** @type {typeof import("sanitize-html")} */
const sanitizeHtml = require("sanitize-html");

export { allowedAttributes, allowedSchemes, allowedTags };

/** @type {import("sanitize-html").IOptions} */
const strict = {
  allowedTags,
  allowedAttributes,
  allowedSchemes,
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

/**
 * The HTML with everything outside the allow-list removed (the content of
 * script, style and similar elements too).
 * @param {string} html
 */
export function sanitizeContentHtml(html) {
  return sanitizeHtml(html, strict);
}

/**
 * Why the HTML is not safe as written: one reason per offending tag,
 * attribute or URL; empty when the allow-list keeps it unchanged.
 * @param {string} html
 * @returns {string[]}
 */
export function unsafeHtmlReasons(html) {
  /** @type {Set<string>} */
  const reasons = new Set();
  // Parse with everything allowed (the same parser and serialiser as the
  // strict pass), recording what the allow-list would drop.
  const normalised = sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    transformTags: {
      "*": (tagName, attribs) => {
        if (!allowedTags.includes(tagName)) {
          reasons.add(`tag <${tagName}> is not allowed (allowed: ${allowedTags.join(", ")})`);
        } else {
          const allowed = allowedAttributes[tagName] ?? [];
          for (const [name, value] of Object.entries(attribs)) {
            if (!allowed.includes(name)) {
              reasons.add(`attribute ${name} on <${tagName}> is not allowed`);
            } else if (name === "href" && !isSafeHref(value)) {
              reasons.add(
                `link ${JSON.stringify(value)} is not allowed (use ${allowedSchemes.join(":, ")}: or a site path)`,
              );
            }
          }
        }
        return { tagName, attribs };
      },
    },
  });
  if (reasons.size === 0 && sanitizeContentHtml(html) !== normalised) {
    reasons.add("markup outside the allow-list would be removed");
  }
  return [...reasons];
}

/**
 * Fields of a vacancy (content/careers/*.json) that hold Markdown (schema
 * definition `markdown`; a test keeps this list and the schema in step).
 */
export const careerMarkdownFields = /** @type {const} */ (["roleText", "roleText2"]);

/**
 * Markdown as the HTML a page may show: rendered, then sanitised.
 * @param {string} markdown
 */
export function renderContentMarkdown(markdown) {
  return sanitizeContentHtml(markdownToHtml(markdown));
}

/**
 * A vacancy with every Markdown field rendered to sanitised HTML.
 * @template {Record<string, unknown>} T
 * @param {T} vacancy
 * @returns {T}
 */
export function renderVacancy(vacancy) {
  /** @type {Record<string, unknown>} */
  const out = { ...vacancy };
  for (const field of careerMarkdownFields) {
    const value = out[field];
    if (typeof value === "string") out[field] = renderContentMarkdown(value);
  }
  return /** @type {T} */ (out);
}

/**
 * Vite plugin: renders the Markdown fields of a vacancy (content/careers/*.json)
 * to sanitised HTML when the module is loaded, before Vite turns the JSON into
 * JavaScript: the editor's previews import the HTML, and no Markdown library
 * ships to a browser. (The site reads vacancies through its content
 * collections and renders them the same way: src/lib/entries.ts.)
 * @returns {import("vite").Plugin}
 */
export function sanitizeContentPlugin() {
  return {
    name: "veldhaven:sanitize-content-html",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]content[\\/]careers[\\/][^\\/]+\.json(\?.*)?$/.test(id)) return null;
      return { code: JSON.stringify(renderVacancy(JSON.parse(code))), map: null };
    },
  };
}
