// The rule for uploads a save leaves unused, shared by both editors: the local
// one (`make edit`: ../scripts/orphaned-media.mjs deletes the files after
// decap-server wrote the entry) and the one on the site (GitHub, editorial
// workflow: ./unused-media-github.ts removes them in the save's own commit).
// Content files name their media by bare file name ("anna-de-vries.jpg", in
// content/media/<folder>/). Only files the saved file named before, and that no
// content file mentions now, are unused. Pure: no file system, no network.

/**
 * Every string in a parsed JSON value, at any depth.
 * @param {unknown} value
 * @param {Set<string>} [into]
 * @returns {Set<string>}
 */
export function stringsIn(value, into = new Set()) {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value && typeof value === "object")
    for (const item of Object.values(value)) stringsIn(item, into);
  return into;
}

/**
 * The media files to delete after a save.
 * @param {{ before: Set<string>, now: Set<string>, media: string[] }} state
 *   before: the strings of the saved file before the save; now: the strings of
 *   every content file after it; media: the media files (paths, "/"-separated).
 * @returns {string[]} the media paths no longer used, in the order given
 */
export function orphanedMedia({ before, now, media }) {
  const mentionedNow = [...now];
  return media.filter((path) => {
    const name = path.split("/").pop() ?? "";
    if (!name || !before.has(name)) return false;
    // Kept while any text names it, even inside a longer text (a link, a note).
    return !mentionedNow.some((text) => text.includes(name));
  });
}
