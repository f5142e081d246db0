import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Absolute path of the firm's content folder (the repository's content/). */
export const contentDir = fileURLToPath(new URL("../../content", import.meta.url));

/**
 * The entries of a folder of content (content/people/*.json), in their stored
 * order (each entry's `order`): what a node script reads where the site reads
 * an Astro content collection.
 * @param {string} folder "people"
 * @param {string} [dir] the content folder
 * @returns {any[]}
 */
export function readEntries(folder, dir = contentDir) {
  const path = join(dir, folder);
  if (!existsSync(path)) return [];
  return readdirSync(path)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(path, f), "utf8")))
    .sort((a, b) => a.order - b.order);
}
