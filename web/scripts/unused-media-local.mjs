// `make edit`: the uploads a save leaves unused are deleted with it. Content
// files name their media by bare file name ("anna-de-vries.jpg", in
// content/media/<folder>/). When a save removes a vacancy or a person, and with
// it the last mention of a file, the file would stay behind and go into the
// next commit unused; a photo replaced in an entry that stays is
// kept (../lib/unused-media.mjs). The local backend's middleware (decap-local.mjs) asks
// these functions, after decap-server has written or deleted the entry, which
// files to delete: only files a removed entry named, and that no content file
// mentions now.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { unusedMedia, removedEntryStrings, stringsIn } from "../lib/unused-media.mjs";

export { unusedMedia, removedEntryStrings, stringsIn };

/**
 * The content files' strings now (content/*.json and the entries' folders,
 * content/people/*.json), parsed; a file that does not parse keeps every media
 * file (nothing is deleted on a guess).
 * @param {string} root the working tree
 * @returns {Set<string> | undefined}
 */
export function contentStrings(root) {
  const dir = join(root, "content");
  const strings = new Set();
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    if (!name.endsWith(".json") || name.startsWith(`media${sep}`)) continue;
    try {
      stringsIn(JSON.parse(readFileSync(join(dir, name), "utf8")), strings);
    } catch {
      return undefined;
    }
  }
  return strings;
}

/**
 * The media files under content/media, as paths from the working tree ("/"-separated).
 * @param {string} root
 * @returns {string[]}
 */
export function mediaFiles(root) {
  const dir = join(root, "content", "media");
  /** @type {string[]} */
  const out = [];
  const walk = (/** @type {string} */ at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push(relative(root, path).split(sep).join("/"));
    }
  };
  walk(dir);
  return out.sort();
}
