// The one allow-list for HTML that content files may carry (a vacancy's role
// text). Used twice, both at build time, so the browser never runs a sanitiser:
// - scripts/content-checks/careers.mjs fails the build, naming file, field and
//   reason, when content holds anything outside the allow-list;
// - the Vite plugin below sanitises the HTML fields of content/careers.json as
//   the module is bundled, so even a build that skipped validation (dev server,
//   tests) can never put a script, style, event handler or javascript: URL on a
//   page.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** @type {typeof import("sanitize-html")} */
const sanitizeHtml = require("sanitize-html");

/** Tags an HTML content field may use. */
export const allowedTags = ["p", "br", "strong", "em", "b", "i", "ul", "ol", "li", "h3", "h4", "a"];
/** Attributes per tag; every other attribute (style, on*, class, ...) is removed. */
export const allowedAttributes = { a: ["href"] };
/** URL schemes a link may use; site paths ("/who-we-are") are allowed too, protocol-relative URLs are not. */
export const allowedSchemes = ["https", "http", "mailto", "tel"];

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
          const allowed =
            /** @type {Record<string, string[]>} */ (allowedAttributes)[tagName] ?? [];
          for (const [name, value] of Object.entries(attribs)) {
            if (!allowed.includes(name)) {
              reasons.add(`attribute ${name} on <${tagName}> is not allowed`);
            } else if (name === "href" && !safeHref(value)) {
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

/** @param {string} href */
function safeHref(href) {
  // Browsers ignore control characters and whitespace inside a scheme.
  const compact = href.replace(/[\u0000-\u0020\u007f]/g, "").toLowerCase();
  if (compact.startsWith("//")) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  return scheme ? allowedSchemes.includes(/** @type {string} */ (scheme[1])) : true;
}

/** Fields of a vacancy in content/careers.json that hold HTML. */
export const careerHtmlFields = /** @type {const} */ (["roleText", "roleText2"]);

/**
 * content/careers.json with every HTML field sanitised.
 * @param {any} careers
 */
export function sanitizeCareers(careers) {
  return {
    ...careers,
    vacancies: careers.vacancies.map((/** @type {Record<string, unknown>} */ v) => {
      const out = { ...v };
      for (const field of careerHtmlFields) {
        if (typeof out[field] === "string") out[field] = sanitizeContentHtml(out[field]);
      }
      return out;
    }),
  };
}

/**
 * Vite plugin: sanitises the HTML fields of content/careers.json when the
 * module is loaded, before Vite turns the JSON into JavaScript.
 * @returns {import("vite").Plugin}
 */
export function sanitizeContentPlugin() {
  return {
    name: "veldhaven:sanitize-content-html",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]content[\\/]careers\.json(\?.*)?$/.test(id)) return null;
      return { code: JSON.stringify(sanitizeCareers(JSON.parse(code))), map: null };
    },
  };
}
