// The rule for uploads a save leaves unused, shared by both editors: the local
// one (`make edit`: ../scripts/unused-media-local.mjs deletes the files after
// decap-server wrote the entry) and the one on the site (GitHub, editorial
// workflow: ../admin/unused-media-github.ts removes them in the save's own commit).
// Content files name their media by bare file name ("anna-de-vries.jpg", in
// content/media/<folder>/). Only files that an entry the save removed (a person,
// a vacancy: a list entry with an id) named, and that no content file mentions
// now, are unused. A photo replaced in an entry that stays is kept in the
// library: docs/editing.md promises it, and staff switch back to it
// from there. Pure: no file system, no network.

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
 * The strings of the list entries (objects with an `id`) that `before` has and
 * `after` no longer has, at any depth: what a save removed with its entries.
 * @param {unknown} before the saved file as it was, parsed
 * @param {unknown} after the saved file as the save writes it, parsed
 * @param {Set<string>} [into]
 * @returns {Set<string>}
 */
export function removedEntryStrings(before, after, into = new Set()) {
  if (Array.isArray(before)) {
    const now = Array.isArray(after) ? after : [];
    const byId = new Map(
      now.filter((item) => item && typeof item === "object" && "id" in item).map((i) => [i.id, i]),
    );
    before.forEach((item, index) => {
      if (item && typeof item === "object" && "id" in item) {
        if (byId.has(item.id)) removedEntryStrings(item, byId.get(item.id), into);
        else stringsIn(item, into);
      } else removedEntryStrings(item, now[index], into);
    });
  } else if (before && typeof before === "object") {
    const now = after && typeof after === "object" ? after : {};
    for (const [key, value] of Object.entries(before)) {
      removedEntryStrings(value, /** @type {Record<string, unknown>} */ (now)[key], into);
    }
  }
  return into;
}

/**
 * The media files to delete after a save.
 * @param {{ before: Set<string>, now: Set<string>, media: string[] }} state
 *   before: the strings of the entries the save removed (removedEntryStrings); now: the strings of
 *   every content file after it; media: the media files (paths, "/"-separated).
 * @returns {string[]} the media paths no longer used, in the order given
 */
export function unusedMedia({ before, now, media }) {
  const mentionedNow = [...now];
  return media.filter((path) => {
    const name = path.split("/").pop() ?? "";
    if (!name || !before.has(name)) return false;
    // Kept while any text names it, even inside a longer text (a link, a note).
    return !mentionedNow.some((text) => text.includes(name));
  });
}
