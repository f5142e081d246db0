// The contract between the editor and the Decap it is pinned to: each private
// part of Decap the editor relies on (./decap-internals.ts and its stylesheet,
// the one module that reaches them) and each fix of ours patched into Decap
// (web/patches, applied by `npm install`) is checked here against the
// installed packages, so that a Decap upgrade (Renovate's pull request) fails
// these unit tests, naming what changed, instead of the editor failing
// silently for staff. The last test keeps the rest of web/admin off them.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { DECAP_CLASS_LABELS, NO_PANE, RIGHT_PANE_KEY } from "./decap-internals";

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
/** A file of an installed package, without the source map Decap's builds inline (it holds the sources). */
function source(name: string, path: string, from = web) {
  const dir = dirname(require.resolve(`${name}/package.json`, { paths: [from] }));
  return readFileSync(join(dir, path), "utf8").replace(/\/\*# sourceMappingURL=[^*]*\*\//g, "");
}
const core = (path: string) => source("decap-cms-core", `dist/esm/${path}`);
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
    // patches/decap-cms-core: a value typed back after a save counts as a change.
    expect(core("components/Editor/Editor.js")).toMatch(
      /const entries = \[this\.props\.unPublishedEntry \|\| this\.props\.publishedEntry\]/,
    );
    const draft = core("reducers/entryDraft.js");
    expect(draft).toMatch(
      /const compared = state\.get\('saved'\) \? \[state\.get\('saved'\)\] : entries;/,
    );
    expect(draft).toMatch(/state\.set\('saved', state\.get\('entry'\)\);/);
    expect(draft.match(/state\.delete\('saved'\);/g)).toHaveLength(4);
    // patches/decap-cms-core: a saved entry's uploads are no drafts.
    expect(draft).toMatch(
      /if \(action\.type === ENTRY_PERSIST_SUCCESS\) \{\s*state\.updateIn\(\['entry', 'mediaFiles'\]/,
    );
    // patches/decap-cms-core: one Editor per entry address.
    expect(core("components/App/App.js")).toMatch(/\.\.\.props\s*\}, props\.match\.url\)/);
    // patches/decap-cms-core: a refused save has one message, the editor's (./form-help.ts).
    expect(core("actions/entries.js")).not.toMatch(/ui\.toast\.missingRequiredField/);
    // patches/decap-cms-core: no "Check for Preview" without a site_url.
    expect(core("actions/deploys.js")).toMatch(/if \(published && \(!state\.config\.site_url/);
    // patches/decap-cms-widget-markdown: "- " or "1. " starts a list (./rich-text-lists.test.ts).
    expect(
      source("decap-cms-widget-markdown", "dist/esm/MarkdownControl/plugins/lists/withLists.js"),
    ).toMatch(/editor\.insertText = \(text, options\) =>/);
    // patches/history: Cancel at "leave this page?" puts the address back.
    expect(source("history", "esm/history.js")).toMatch(
      /if \(toIndex === -1 \|\| fromIndex === -1\) \{[^}]*replaceHashPath/,
    );
  });
});

describe("each internal of Decap that ./decap-internals.ts relies on", () => {
  it("the store, router and action creators it imports", () => {
    expect(core("redux/index.js")).toMatch(/export \{[^}]*\bstore\b/);
    expect(core("routing/history.js")).toMatch(
      /createHashHistory\(\)[\s\S]*export \{[^}]*\bhistory\b/,
    );
    expect(core("actions/mediaLibrary.js")).toMatch(
      /export function openMediaLibrary\(payload = \{\}\)/,
    );
    expect(core("actions/notifications.js")).toMatch(/export \{ addNotification\b/);
  });

  it("the backend it reads the content with, a save asking preSave and a deletion preUnpublish first", () => {
    const backend = core("backend.js");
    expect(backend).toMatch(/export const currentBackend = function/);
    expect(backend).toContain("async listAllEntries(collection)");
    expect(backend).toContain("async unpublishedEntries(collections)");
    expect(backend).toContain("const loadedEntry = await this.implementation.getEntry(path);");
    expect(backend).toMatch(/async persistEntry\(\{[\s\S]*?await this\.invokePreSaveEvent\(/);
    expect(backend).toMatch(
      /async deleteEntry\(state, collection, slug\) \{[\s\S]*?await this\.invokePreUnpublishEvent\(entry\);[\s\S]*?await this\.implementation\.deleteFiles\(paths, commitMessage\);/,
    );
  });

  it("the state it reads: auth, config, media, the library", () => {
    for (const key of ["auth", "config", "medias", "mediaLibrary"]) {
      expect(core("reducers/index.js"), key).toMatch(new RegExp(`\\b${key}\\b`));
    }
    expect(core("reducers/auth.js")).toMatch(/state\.user = action\.payload/);
    // mediaLibrary(): open, and the control that opened it ("" when none did).
    const library = core("reducers/mediaLibrary.js");
    expect(library).toMatch(/map\.set\('isVisible', true\)/);
    expect(library).toMatch(/map\.set\('controlID', controlID \?\? ''\)/);
    expect(library).toMatch(/MEDIA_LIBRARY_CLOSE:\s*return state\.set\('isVisible', false\)/);
    expect(core("reducers/medias.js")).toMatch(/ADD_ASSET/);
  });

  it("the controls as Widget reads them, a list's folding, and a save validating every field at once", () => {
    const widget = core("components/Editor/EditorControlPane/Widget.js");
    expect(widget).toMatch(/this\.wrappedControlValid = this\.innerWrappedControl\.isValid/);
    expect(widget).toMatch(/shouldComponentUpdate: scu\s*\} = this\.innerWrappedControl/);
    const pane = core("components/Editor/EditorControlPane/EditorControlPane.js");
    expect(pane).toMatch(/validate = async \(\) => \{\s*this\.props\.fields\.forEach\(/);
    expect(pane).toMatch(/control\?\.innerWrappedControl\?\.validate \?\? control\?\.validate/);
    expect(source("decap-cms-widget-list", "dist/esm/ListControl.js")).toMatch(
      /this\.state = \{[^}]*itemsCollapsed/,
    );
    const file = source("decap-cms-widget-file", "dist/esm/withFileControl.js");
    expect(file).toMatch(/mediaPaths: ImmutablePropTypes\.map\.isRequired/);
    expect(file).toMatch(/onRemoveInsertedMedia: PropTypes\.func\.isRequired/);
  });

  it("every class label it and its stylesheet name, in the file that names it", () => {
    for (const [label, file] of Object.entries(DECAP_CLASS_LABELS)) {
      const [, name, path] = /^(decap-cms-[^/]+)\/(.+)$/.exec(file)!;
      expect(source(name!, path!), label).toContain(`label: "${label}"`);
    }
    const css = readFileSync(join(import.meta.dirname, "decap-internals.css"), "utf8");
    const named = [...css.matchAll(/\[class\*="-?(\w+)"\]/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const label of named) expect(Object.keys(DECAP_CLASS_LABELS), label).toContain(label);
    // react-split-pane's own class names, in the split pane Decap draws.
    const split = source("react-split-pane", "dist/index.esm.js", packageDir("decap-cms-core"));
    for (const name of css.matchAll(/\.(SplitPane|Pane1|Pane2|Resizer)\b/g)) {
      expect(split, name[1]).toContain(`'${name[1]}'`);
    }
  });

  it("a list entry's bar: chevron, drag handle, remove; and the pane key", () => {
    expect(source("decap-cms-ui-default", "dist/esm/ListItemTopBar.js")).toMatch(
      /children: \[onCollapseToggle \? [\s\S]*DragHandle[\s\S]*onRemove && allowRemove \?/,
    );
    // The handle is dnd-kit's (role="button"), moved by mouse and touch only.
    const list = source("decap-cms-widget-list", "dist/esm/ListControl.js");
    expect(list).toMatch(/_jsx\("div", \{\s*\.\.\.attributes,\s*\.\.\.listeners,/);
    expect(list).toContain("useSensors(useSensor(MouseSensor");
    expect(list).not.toContain("KeyboardSensor");
    const editor = core("components/Editor/EditorInterface.js");
    expect(editor).toContain(`const RIGHT_PANE = '${RIGHT_PANE_KEY}'`);
    expect(editor).toContain(`const NO_PANE = '${NO_PANE}'`);
  });

  it("the rich text: pastes read from a beforeinput", () => {
    const markdown = packageDir("decap-cms-widget-markdown");
    expect(source("slate-react", "dist/index.es.js", markdown)).toMatch(
      /case 'insertFromPaste':[\s\S]{0,300}ReactEditor\.insertData\(editor, data\)/,
    );
  });

  it("the Markdown writer: remark-stringify's options on its compiler, set before Decap's plugins run", () => {
    expect(source("decap-cms-widget-markdown", "dist/esm/serializers/index.js")).toMatch(
      /\.use\(remarkToMarkdownPlugin\)[\s\S]*\.use\(remarkPlugins\);/,
    );
    expect(source("remark-stringify", "index.js", markdownDir())).toMatch(
      /Local\.prototype\.options = xtend\(/,
    );
  });

  it("the GitHub backend: its registry entry, persistEntry, its API and the tree a commit builds", () => {
    expect(core("lib/registry.js")).toMatch(
      /registry\.backends\[name\] = \{\s*init: \(\.\.\.args\) => new BackendClass\(\.\.\.args\)/,
    );
    const backend = source("decap-cms-backend-github", "dist/esm/implementation.js");
    expect(backend).toMatch(/\n  persistEntry\(entry, options\) \{/);
    expect(backend).toMatch(/this\.api = new apiCtor\(/);
    expect(backend).toMatch(/\n  deleteFiles\(paths, commitMessage\) \{/);
    const api = source("decap-cms-backend-github", "dist/esm/API.js");
    for (const signature of [
      "async updateTree(baseSha, files, branch = this.branch, hasSubfolders = true)",
      "generateContentKey(collectionName, slug)",
      "async readFile(path, sha, {",
      "async listFiles(path, {",
      "async getPullRequests(head, state, predicate)",
      "async getDifferences(from, to)",
      "this.branch = config.branch",
      "async getDefaultBranch()",
      "commit(message, changeTree)",
      "async createBranchAndPullRequest(branchName, sha, commitMessage)",
    ]) {
      expect(api, signature).toContain(signature);
    }
  });
});

function markdownDir() {
  return packageDir("decap-cms-widget-markdown");
}

// What counts as reaching Decap's internals, for the files that must not.
const REACHES = [
  /\[class\*=/, // a class-name selector
  /dist\/esm/, // a module of Decap's build
  /getState\(|\.dispatch\(/,
  /["']cms\./, // Decap's localStorage keys
  /\.prototype\b/,
  /getBackend|updateTree|itemsCollapsed|innerWrappedControl|mediaPaths/,
];

describe("the rest of web/admin", () => {
  it("reaches Decap's internals only through ./decap-internals.ts", () => {
    const own = new Set([
      "decap-internals.ts",
      "decap-internals.css",
      "decap-modules.d.ts",
      "decap-core.test-stand-in.ts",
    ]);
    const files = readdirSync(import.meta.dirname).filter(
      (f) => /\.(tsx?|css|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f) && !own.has(f),
    );
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const text = readFileSync(join(import.meta.dirname, file), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
      for (const reach of REACHES) expect(text, `${file}: ${reach}`).not.toMatch(reach);
    }
  });
});
