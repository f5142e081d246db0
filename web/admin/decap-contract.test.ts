// The contract between the editor and the Decap it is pinned to: each private
// part of Decap the editor relies on (./decap-store.ts) and each fix of ours
// patched into Decap (web/patches, applied by `npm install`) is checked here
// against the installed packages, so that a Decap upgrade (Renovate's pull
// request) fails these unit tests, naming what changed, instead of the editor
// failing silently for staff.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const web = join(import.meta.dirname, "..");

function packageDir(name: string) {
  return dirname(require.resolve(`${name}/package.json`, { paths: [web] }));
}
function installed(name: string): string {
  return (
    JSON.parse(readFileSync(join(packageDir(name), "package.json"), "utf8")) as {
      version: string;
    }
  ).version;
}
function source(name: string, path: string) {
  return readFileSync(join(packageDir(name), path), "utf8");
}
const pinned = (
  JSON.parse(readFileSync(join(web, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  }
).dependencies;

describe("the Decap the editor is written against", () => {
  it("is the pinned version, with the backend the local editor extends", () => {
    expect(installed("decap-cms-app")).toBe(pinned["decap-cms-app"]);
    expect(installed("decap-cms-app")).toBe("3.16.3");
    expect(installed("decap-cms-backend-proxy")).toBe(pinned["decap-cms-backend-proxy"]);
    const app = JSON.parse(readFileSync(join(packageDir("decap-cms-app"), "package.json"), "utf8"))
      .dependencies as Record<string, string>;
    expect(app["decap-cms-backend-proxy"]).toBe(installed("decap-cms-backend-proxy"));
  });

  it("has the patches of web/patches applied", () => {
    // patches/decap-cms-core: a refused save is caught (no page error "undefined").
    expect(source("decap-cms-core", "dist/esm/components/Editor/Editor.js")).toMatch(
      /try \{\s*await persistEntry\(collection\);\s*\} catch/,
    );
    // patches/history: Cancel at "leave this page?" puts the address back.
    expect(source("history", "esm/history.js")).toMatch(
      /if \(toIndex === -1 \|\| fromIndex === -1\) \{[^}]*replaceHashPath/,
    );
  });

  it("keeps the folded entries of a list in ListControl's state.itemsCollapsed (./decap-store.ts foldedEntries)", () => {
    const list = source("decap-cms-widget-list", "dist/esm/ListControl.js");
    expect(list).toMatch(/this\.state = \{[^}]*itemsCollapsed/);
  });

  it("has the store, history and action creators ./decap-store.ts imports", () => {
    expect(source("decap-cms-core", "dist/esm/redux/index.js")).toMatch(/export \{[^}]*\bstore\b/);
    expect(source("decap-cms-core", "dist/esm/routing/history.js")).toMatch(
      /createHashHistory\(\)[\s\S]*export \{[^}]*\bhistory\b/,
    );
    expect(source("decap-cms-core", "dist/esm/actions/entries.js")).toMatch(
      /export function entryLoaded\(collection, entry\)/,
    );
    expect(source("decap-cms-core", "dist/esm/actions/mediaLibrary.js")).toMatch(
      /export function openMediaLibrary\(/,
    );
    expect(source("decap-cms-core", "dist/esm/actions/notifications.js")).toMatch(
      /addNotification/,
    );
  });
});
