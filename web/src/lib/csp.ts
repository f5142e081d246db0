// A component's inline script is allowed by the page's CSP only when declared while it renders:
// `<script is:inline set:html={declareInlineScript(Astro.csp, code)} />`. Build-time only.
import { createHash } from "node:crypto";

export type ScriptHash = `sha256-${string}`;

export interface CspContext {
  insertScriptHash(hash: ScriptHash): void;
}

/** The CSP hash source of a script's text, "sha256-<base64>", as browsers compute it (UTF-8). */
export function scriptHash(code: string): ScriptHash {
  return `sha256-${createHash("sha256").update(code, "utf8").digest("base64")}`;
}

/** Declares an inline script and returns its code, to write unchanged (Astro.csp is undefined in dev). */
export function declareInlineScript(csp: CspContext | undefined, code: string): string {
  csp?.insertScriptHash(scriptHash(code));
  return code;
}
