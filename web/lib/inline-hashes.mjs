// A page may run the inline code the build hashes, never whatever its HTML
// holds. Astro hashes what it emits and what components declare (src/lib/csp.ts)
// but gives every page the style hashes of the whole site: this keeps, of each
// page's policy, the hashes of the inline code it holds, fails the build on
// code with none, and writes them for bin/site (dist/.inline-hashes.json).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the list goes, relative to the build; a hidden file, never served. */
export const manifestName = ".inline-hashes.json";

const directives = /(?:^|;)\s*(script|style)-src(?:-elem)?\s([^;]*)/g;
const hashSources = /'(sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2})'/g;
// A script or style element with its code, or any other tag or comment whole
// (so that markup inside an attribute value or a comment is never taken for one).
const attrs = `((?:[^>"']|"[^"]*"|'[^']*')*)`;
const inlineCode = new RegExp(
  `<(script|style)\\b${attrs}>([\\s\\S]*?)</\\1\\s*>|<!--[\\s\\S]*?-->|<[a-z][^\\s/>]*${attrs}>`,
  "gi",
);

/**
 * The hash sources of a policy's script-src and style-src (and -elem forms),
 * unquoted and with their kind: "script:sha256-…", "style:sha256-…".
 * @param {string} policy
 */
export function hashesOf(policy) {
  const found = new Set();
  for (const [, kind, sources] of policy.matchAll(directives))
    for (const [, hash] of sources.matchAll(hashSources)) found.add(`${kind}:${hash}`);
  return found;
}

/**
 * The sorted hashes of a page's inline scripts and styles (JSON data blocks
 * are no code), each of which must be in `allowed` (hashesOf), else an error.
 * @param {string} html
 * @param {Set<string>} allowed
 * @param {string} file
 */
export function pageHashes(html, allowed, file) {
  const found = { script: new Set(), style: new Set() };
  for (const [, tag, attrs, code] of html.matchAll(inlineCode)) {
    if (!tag) continue;
    const kind = /** @type {"script" | "style"} */ (tag.toLowerCase());
    if (kind === "script" && /\s(src\s*=|type\s*=\s*["']?[\w/+.-]*json)/i.test(attrs)) continue;
    const hash = `sha256-${createHash("sha256").update(code, "utf8").digest("base64")}`;
    if (!allowed.has(`${kind}:${hash}`))
      throw new Error(`inline-hashes: ${file}: an inline ${kind} Astro did not hash: ${code}`);
    found[kind].add(hash);
  }
  return { scripts: [...found.script].sort(), styles: [...found.style].sort() };
}

/** @returns {import("astro").AstroIntegration} */
export function inlineHashes() {
  /** @type {Map<string, Set<string>>} by pathname */
  const policies = new Map();
  return {
    name: "veldhaven:inline-hashes",
    hooks: {
      // Only the build: in `astro dev` Vite injects its own scripts and
      // styles, which a policy would block; the dev server has none.
      "astro:config:setup": ({ command, updateConfig }) => {
        if (command === "build") updateConfig({ security: { csp: true } });
      },
      // bin/site sets the pages' headers: Astro hands it each page's policy
      // (through the manifest) instead of writing a <meta>.
      "astro:config:done": ({ setAdapter }) =>
        setAdapter({
          name: "veldhaven:bin-site",
          supportedAstroFeatures: { staticOutput: "stable", sharpImageService: "stable" },
          adapterFeatures: { buildOutput: "static", staticHeaders: true },
        }),
      "astro:build:generated": ({ routeToHeaders }) => {
        for (const [pathname, { headers }] of routeToHeaders)
          policies.set(pathname, hashesOf(headers.get("content-security-policy") ?? ""));
      },
      "astro:build:done": ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const pages = {};
        for (const [pathname, allowed] of policies) {
          // x/index.html, or 404.html; neither for an endpoint's file (captions).
          const base = pathname.replace(/^\/+|\/+$/g, "");
          const file = [join(base, "index.html"), `${base}.html`].find((f) =>
            existsSync(join(root, f)),
          );
          if (file) pages[file] = pageHashes(readFileSync(join(root, file), "utf8"), allowed, file);
        }
        if (!pages["index.html"]) throw new Error("inline-hashes: Astro gave no policy for /");
        writeFileSync(join(root, manifestName), `${JSON.stringify(pages)}\n`);
        logger.info(`the inline hashes of ${Object.keys(pages).length} pages in ${manifestName}`);
      },
    },
  };
}
