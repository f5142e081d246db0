// The inline scripts a page may run are the ones the build declares, never
// whatever inline scripts its HTML happens to contain: a script that gets into
// a page any other way (content that breaks out of its element, say) must not
// be allowed by the page's Content-Security-Policy.
//
// Astro declares them. With `security.csp` on (this integration turns it on
// for `astro build`), Astro hashes every script it
// emits itself (the island runtime, each client directive's script, custom
// directives included, scripts integrations inject, scripts it inlines) and
// adds the hashes a page's components declare with
// `Astro.csp.insertScriptHash()` (src/lib/csp.ts). This integration is the
// build's adapter for bin/site: it asks Astro for each page's policy as a
// header (`staticHeaders`), takes the script-src hashes from it, and writes
// them to dist/.inline-scripts.json, which bin/site reads at start-up
// (internal/server/scripts.go). It then checks every page against its list,
// failing the build on an inline script no one declared, and on JSON-LD that
// is not escaped (src/lib/json-ld.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";
import { JSDOM, VirtualConsole } from "jsdom";

/** Where the list goes, relative to the build; a hidden file, never served. */
export const manifestName = ".inline-scripts.json";

/**
 * The script hashes of a Content-Security-Policy's script-src (and
 * script-src-elem), without quotes: ["sha256-…", …].
 * @param {string} policy
 * @returns {string[]}
 */
export function scriptHashesOf(policy) {
  const hashes = new Set();
  for (const directive of policy.split(";")) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name !== "script-src" && name !== "script-src-elem") continue;
    for (const source of sources) {
      const m = /^'(sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2})'$/.exec(source);
      if (m) hashes.add(m[1]);
    }
  }
  return [...hashes].sort();
}

/**
 * Whether a route is a file an endpoint writes (its pathname names a file:
 * /captions/video.vtt), not a page: it is no document, runs no script and
 * Astro gives it no policy.
 * @param {string} pathname
 */
export function isEndpointFile(pathname) {
  return /\.[a-z0-9]+$/i.test(pathname.replace(/\/+$/, ""));
}

/**
 * The build file of a page's pathname: "/" → index.html, "/404" → 404.html,
 * "/a/b" → a/b/index.html (build.format "directory").
 * @param {string} pathname
 */
export function pageFile(pathname) {
  const trimmed = pathname.replace(/^\/+|\/+$/g, "");
  if (trimmed === "") return "index.html";
  if (trimmed === "404" || trimmed === "500") return `${trimmed}.html`;
  return `${trimmed}/index.html`;
}

/**
 * The script elements of an HTML document as a browser parses it (jsdom's
 * HTML5 parser: a "<script" inside an attribute value or a comment is not
 * one), with their type, whether they have a src, and their text.
 * @param {string} html
 * @returns {{ type: string, src: boolean, body: string }[]}
 */
export function inlineScripts(html) {
  // A console of its own: jsdom's complaints about CSS it cannot parse are
  // not the build's business (only the scripts are looked at).
  const { document } = new JSDOM(html, { virtualConsole: new VirtualConsole() }).window;
  // Scripts inside a <template> run once its content is put into the
  // document (WhenNear.astro does that): they are looked at too.
  const scripts = [];
  const collect = (/** @type {ParentNode} */ root) => {
    scripts.push(...root.querySelectorAll("script"));
    for (const template of root.querySelectorAll("template")) {
      collect(/** @type {HTMLTemplateElement} */ (template).content);
    }
  };
  collect(document);
  return scripts.map((el) => ({
    type: (el.getAttribute("type") ?? "").trim().toLowerCase(),
    src: el.hasAttribute("src"),
    body: el.textContent ?? "",
  }));
}

/** Data blocks the browser never runs: no policy applies to them. */
export function isDataBlock(type) {
  return type === "application/ld+json" || type === "application/json";
}

/** "sha256-…" of a script's text, as CSP hashes it (UTF-8). */
export function sha256(text) {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}

/**
 * Checks a page against its declared hashes: every inline script (not a data
 * block, not one with a src) must be declared; every data block must be
 * escaped (no "<"). Returns the problems found, each one line.
 * @param {string} file
 * @param {string} html
 * @param {string[]} declared
 */
export function checkPage(file, html, declared) {
  const problems = [];
  const allowed = new Set(declared);
  for (const { type, src, body } of inlineScripts(html)) {
    if (src) continue;
    if (isDataBlock(type)) {
      if (body.includes("<")) {
        problems.push(
          `${file}: a JSON data block contains "<" (serialise it with jsonForScript, src/lib/json-ld.ts)`,
        );
      }
      continue;
    }
    const hash = sha256(body);
    if (!allowed.has(hash)) {
      const start = body.trim().slice(0, 80).replace(/\s+/g, " ");
      problems.push(
        `${file}: inline script ${hash} ("${start}…") was not declared: a component's is:inline script declares its hash with Astro.csp.insertScriptHash(scriptHash(code)) (src/lib/csp.ts)`,
      );
    }
  }
  return problems;
}

/** @returns {import("astro").AstroIntegration} */
export function declaredScripts() {
  /** @type {Map<string, string[]>} */
  const declared = new Map();
  return {
    name: "veldhaven:declared-scripts",
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
          if (isEndpointFile(pathname)) continue;
          const policy = headers.get("content-security-policy");
          if (policy === null)
            throw new Error(`declared-scripts: Astro gave no policy for ${pathname}`);
          declared.set(pageFile(pathname), scriptHashesOf(policy));
        }
      },
      "astro:build:done": ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        if (declared.size === 0) throw new Error("declared-scripts: Astro declared no page");
        const problems = [];
        for (const [file, hashes] of declared) {
          problems.push(...checkPage(file, readFileSync(join(root, file), "utf8"), hashes));
        }
        if (problems.length > 0) {
          throw new Error(
            `declared-scripts: pages with scripts the build did not declare:\n${problems.join("\n")}`,
          );
        }
        const pages = Object.fromEntries([...declared].sort(([a], [b]) => a.localeCompare(b)));
        writeFileSync(
          join(root, manifestName),
          `${JSON.stringify({ version: 1, pages }, null, 1)}\n`,
        );
        logger.info(`${declared.size} pages, their inline scripts declared in ${manifestName}`);
      },
    },
  };
}
