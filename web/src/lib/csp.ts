// Inline scripts of components: the page's Content-Security-Policy allows an
// inline script only when the build declares it (scripts/inline-hashes.mjs).
// A component that writes one declares it while it renders:
//
//   const code = declareInlineScript(Astro.csp, `…`);
//   <script is:inline set:html={code} />
//
// Build-time only (node:crypto): never import this from browser code.
import { createHash } from "node:crypto";

/** A CSP hash source without quotes, as Astro takes it. */
export type ScriptHash = `sha256-${string}`;

/** What a component sees of Astro.csp (undefined when security.csp is off). */
export interface CspContext {
  insertScriptHash(hash: ScriptHash): void;
}

/** The CSP hash source of a script's text, "sha256-<base64>", as browsers compute it (UTF-8). */
export function scriptHash(code: string): ScriptHash {
  return `sha256-${createHash("sha256").update(code, "utf8").digest("base64")}`;
}

/**
 * Declares an inline script of the page being rendered and returns its code,
 * to be written unchanged with set:html (the hash is of exactly these bytes).
 * Astro.csp is undefined in `astro dev`, which serves no policy: nothing to
 * declare there. A build always has it (scripts/inline-hashes.mjs turns it on).
 */
export function declareInlineScript(csp: CspContext | undefined, code: string): string {
  csp?.insertScriptHash(scriptHash(code));
  return code;
}
