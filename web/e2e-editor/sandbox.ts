// The editor's e2e tests save into content files and rebuild the site, so they
// run `make edit` in a copy of the repository (never this working tree): the
// sources, content and build caches are copied, node_modules is linked.
import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const repo = resolve(import.meta.dirname, "../..");

/** What `make edit` and `make build` need; everything else stays behind. */
const copied = [
  "Makefile",
  // The Makefile includes it (the tools' version pins).
  "tools.mk",
  "go.mod",
  "go.sum",
  "cmd",
  "internal",
  "scripts",
  "content",
  "web/admin",
  "web/astro.config.mjs",
  "web/embed.go",
  "web/lib",
  "web/package.json",
  "web/package-lock.json",
  "web/public",
  "web/scripts",
  "web/src",
  "web/tsconfig.json",
  // Caches only: the media variants and Go's build output need not be made again.
  "web/.media-cache",
  "bin",
];

/** Makes the copy and returns its path. */
export function makeSandbox(): string {
  const root = mkdtempSync(join(tmpdir(), "veldhaven-editor-"));
  for (const path of copied) {
    const from = join(repo, path);
    if (!existsSync(from)) continue;
    mkdirSync(join(root, path, ".."), { recursive: true });
    // Timestamps kept: make must see node_modules as up to date with package.json.
    cpSync(from, join(root, path), { recursive: true, preserveTimestamps: true });
  }
  symlinkSync(join(repo, "web/node_modules"), join(root, "web/node_modules"), "dir");
  return root;
}
