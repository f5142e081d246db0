// The inline scripts and styles a page may run are the ones the build hashes,
// never whatever inline code its HTML happens to contain: a script that gets
// into a page any other way (content that breaks out of its element, say)
// must not be allowed by the page's Content-Security-Policy.
//
// Astro hashes them. With `security.csp` on (this integration turns it on for
// `astro build`), Astro hashes every script and stylesheet it emits itself
// (the island runtime, client directives, inlined scripts and styles) and
// adds the hashes components declare with `Astro.csp.insertScriptHash()`
// (src/lib/csp.ts). This integration is the build's adapter for bin/site: it
// asks Astro for each page's policy as a header (`staticHeaders`) and writes
// its script-src and style-src hashes to dist/.inline-hashes.json, which
// bin/site reads at start-up and puts into each page's policy as they are.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the list goes, relative to the build; a hidden file, never served. */
export const manifestName = ".inline-hashes.json";

/**
 * The hashes of a policy's script-src and style-src (and their -elem forms),
 * without quotes: { scripts: ["sha256-…"], styles: [...] }.
 * @param {string} policy
 */
export function hashesOf(policy) {
  const found = { scripts: new Set(), styles: new Set() };
  for (const directive of policy.split(";")) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    const kind = {
      "script-src": "scripts",
      "script-src-elem": "scripts",
      "style-src": "styles",
      "style-src-elem": "styles",
    }[name];
    if (!kind) continue;
    for (const source of sources) {
      const m = /^'(sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2})'$/.exec(source);
      if (m) found[kind].add(m[1]);
    }
  }
  return { scripts: [...found.scripts].sort(), styles: [...found.styles].sort() };
}

/**
 * The build file of a page's pathname: "/" → index.html, "/404" → 404.html,
 * "/a/b" → a/b/index.html (build.format "directory"); null for a file an
 * endpoint writes (/captions/video.vtt), which is no document.
 * @param {string} pathname
 */
export function pageFile(pathname) {
  const trimmed = pathname.replace(/^\/+|\/+$/g, "");
  if (/\.[a-z0-9]+$/i.test(trimmed)) return null;
  if (trimmed === "") return "index.html";
  if (trimmed === "404" || trimmed === "500") return `${trimmed}.html`;
  return `${trimmed}/index.html`;
}

/** @returns {import("astro").AstroIntegration} */
export function inlineHashes() {
  /** @type {Record<string, { scripts: string[], styles: string[] }>} */
  const pages = {};
  return {
    name: "veldhaven:inline-hashes",
    hooks: {
      // Only the build: in `astro dev` Vite injects its own scripts and
      // styles, which a policy would block; the dev server has none.
      "astro:config:setup": ({ command, updateConfig }) => {
        if (command === "build") updateConfig({ security: { csp: true } });
      },
      "astro:config:done": ({ setAdapter }) => {
        // bin/site serves the pages and sets their headers: Astro gives each
        // page's policy to it (through the manifest) instead of a <meta>.
        setAdapter({
          name: "veldhaven:bin-site",
          supportedAstroFeatures: { staticOutput: "stable", sharpImageService: "stable" },
          adapterFeatures: { buildOutput: "static", staticHeaders: true },
        });
      },
      "astro:build:generated": ({ routeToHeaders }) => {
        for (const [pathname, { headers }] of routeToHeaders) {
          const file = pageFile(pathname);
          if (file === null) continue;
          const policy = headers.get("content-security-policy");
          if (policy === null)
            throw new Error(`inline-hashes: Astro gave no policy for ${pathname}`);
          pages[file] = hashesOf(policy);
        }
      },
      "astro:build:done": ({ dir, logger }) => {
        const files = Object.keys(pages).sort();
        if (files.length === 0) throw new Error("inline-hashes: Astro gave no page");
        const sorted = Object.fromEntries(files.map((f) => [f, pages[f]]));
        writeFileSync(join(fileURLToPath(dir), manifestName), `${JSON.stringify(sorted)}\n`);
        logger.info(`${files.length} pages, their inline scripts and styles in ${manifestName}`);
      },
    },
  };
}
