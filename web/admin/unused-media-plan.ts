// What a save in the editor on the site (GitHub, editorial workflow) does with
// uploads: the uploads no content uses any more go with the save, in its own
// commit, as `make edit` deletes them locally (../lib/unused-media.mjs has the rule
// both use). Pure: the texts come from GitHub (./unused-media-github.ts).
import { unusedMedia, removedEntryStrings, stringsIn } from "../lib/unused-media.mjs";

export interface UnusedMediaInput {
  /** The saved files as they were: on the default branch, and in the draft in review. */
  before: string[];
  /** The saved files as this save writes them. */
  saved: string[];
  /** Every other content file (content/*.json, content/people/*.json) on the default branch and in the other drafts. */
  others: string[];
  /** The media files on the default branch (paths from the repository's root). */
  media: string[];
  /** The uploads the save would commit (paths from the repository's root). */
  uploads: string[];
}

export interface UnusedMediaPlan {
  /** Media files of the default branch to delete in the save's commit. */
  remove: string[];
  /** The uploads to commit: those the saved content names. */
  keep: string[];
}

/** Content files parsed; a file that does not parse is an error (nothing is deleted on a guess). */
function parsed(texts: string[], what: string): unknown[] {
  return texts.map((text) => {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new Error(`${what} is not JSON: ${error instanceof Error ? error.message : error}`);
    }
  });
}

/** Content files' strings. */
function strings(texts: string[], what: string): Set<string> {
  const out = new Set<string>();
  for (const value of parsed(texts, what)) stringsIn(value, out);
  return out;
}

/**
 * The media files that deleted entry files (content/careers/asset-manager.json)
 * leave unused: those they named that no other content file names.
 */
export function unusedAfterDelete(input: {
  deleted: string[];
  others: string[];
  media: string[];
}): string[] {
  return unusedMedia({
    before: strings(input.deleted, "the deleted file"),
    now: strings(input.others, "a content file"),
    media: input.media,
  });
}

/** The media files a save leaves unused, and the uploads it should commit. */
export function unusedMediaPlan(input: UnusedMediaInput): UnusedMediaPlan {
  const saved = strings(input.saved, "the saved file");
  const now = new Set([...strings(input.others, "a content file"), ...saved]);
  // What the entries this save removes named (a replaced photo stays: ../lib/unused-media.mjs).
  const before = new Set<string>();
  const savedValues = parsed(input.saved, "the saved file");
  for (const value of parsed(input.before, "the saved file as it was")) {
    for (const after of savedValues) removedEntryStrings(value, after, before);
  }
  const named = [...saved];
  const keep = input.uploads.filter((path) => {
    const name = path.split("/").pop() ?? "";
    return name !== "" && named.some((text) => text.includes(name));
  });
  const uploaded = new Set(input.uploads);
  const remove = unusedMedia({ before, now, media: input.media }).filter(
    (path) => !uploaded.has(path),
  );
  return { remove, keep };
}
