// The editor on the site (Decap's GitHub backend, editorial workflow): a save
// that leaves uploads unused (a vacancy or a person removed, a photo replaced)
// removes them in the save's own commit, so the change in review shows them
// going and publishing it removes them from the site's repository
// (`make edit` deletes them on disk, ../scripts/decap-local.mjs).
//
// Decap alone leaves them: a save commits the entry's file and the uploads the
// form made (decap-cms-backend-github API.ts persistFiles, editorialWorkflowGit),
// and in a draft it keeps every upload the draft ever had, used or not (its
// mediaFiles list; only files missing from that list are taken out of the
// branch). Decap's API has no place for extra deletions, but its commits are
// trees over a base (updateTree, POST git/trees) where an entry with sha null
// deletes a file (https://docs.github.com/en/rest/git/trees#create-a-tree):
// the save's own tree gets the deletions, and the uploads it commits are only
// those the saved content names. A deletion of a file the base tree does not
// have is dropped: GitHub refuses the whole tree for it.
import CMS from "decap-cms-app";
import {
  aroundGitHubSaves,
  deletionPullRequest,
  notify,
  type DeleteFiles,
  type DataFile,
  type GitHubApi,
  type PersistEntry,
  type PersistOptions,
  type TreeFile,
} from "./decap-internals";
import { unusedAfterDelete, unusedMediaPlan } from "./unused-media-plan";

const MEDIA_ROOT = "content/media";
const CONTENT_ROOT = "content";
/** A content file: content/site.json, or an entry of a folder (content/people/anna.json). */
const CONTENT_FILE = /^content\/([^/]+\/)?[^/]+\.json$/;

/** The save under way: its data files and the deletions its tree gets. */
type Pending = { dataFiles: DataFile[]; remove: string[] };

const trim = (path: string) => path.replace(/^\/+/, "");

/** A file's text on a branch, or undefined where the branch has no such file. */
async function textOn(api: GitHubApi, path: string, branch: string): Promise<string | undefined> {
  try {
    const text = await api.readFile(trim(path), null, { branch });
    return typeof text === "string" ? text : undefined;
  } catch (error) {
    if ((error as { status?: number } | null)?.status === 404) return undefined;
    throw error;
  }
}

/**
 * The content files (content/*.json, content/people/*.json) of the default
 * branch but those at `except`, and those of the drafts in review but
 * `ownDraft`: a photo one of them names stays.
 */
async function otherContent(api: GitHubApi, except: Set<string>, ownDraft?: string) {
  const main = api.branch;
  const others: string[] = [];
  for (const file of await api.listFiles(CONTENT_ROOT, { branch: main, depth: 2 })) {
    if (!file.path.endsWith(".json") || except.has(trim(file.path))) continue;
    others.push(String(await api.readFile(trim(file.path), file.id, { branch: main })));
  }
  const drafts = await api.getPullRequests(undefined, "open", () => true);
  for (const pull of drafts) {
    if (pull.head.ref === ownDraft) continue;
    const { files = [] } = await api.getDifferences(main, pull.head.sha);
    for (const file of files) {
      if (file.status === "removed" || !CONTENT_FILE.test(file.filename)) continue;
      others.push(String(await api.readFile(file.filename, file.sha, { branch: pull.head.ref })));
    }
  }
  return others;
}

const mediaOn = async (api: GitHubApi, branch: string) =>
  (await api.listFiles(MEDIA_ROOT, { branch, depth: 100 })).map((f) => trim(f.path));

/**
 * The media files to delete and the uploads to commit, from the default branch,
 * this entry's draft and the other drafts in review.
 */
async function planFor(api: GitHubApi, entry: PersistEntry, options: PersistOptions) {
  const main = api.branch;
  const savedPaths = new Set(entry.dataFiles.map((f) => trim(f.path)));
  // This entry's own branch; its draft counts as before only when there is one.
  const ownDraft = options.collectionName
    ? `cms/${api.generateContentKey(options.collectionName, entry.dataFiles[0]!.slug)}`
    : undefined;
  const draft = options.useWorkflow && options.unpublished ? ownDraft : undefined;
  const before: string[] = [];
  for (const path of savedPaths) {
    for (const branch of draft ? [main, draft] : [main]) {
      const text = await textOn(api, path, branch);
      if (text !== undefined) before.push(text);
    }
  }
  const others = await otherContent(api, savedPaths, ownDraft);
  const media = await mediaOn(api, main);
  return unusedMediaPlan({
    before,
    saved: entry.dataFiles.map((f) => f.raw),
    others,
    media,
    uploads: entry.assets.map((a) => trim(a.path)),
  });
}

/** The save under way, if any. */
let pending: Pending | undefined;

/**
 * The save's tree gets the pending deletions (the tree that holds the entry's
 * own files: a rebase of older draft commits builds trees too), and no
 * deletion of a file its base does not have.
 */
async function withDeletions(baseSha: string, files: TreeFile[], api: GitHubApi) {
  const save = pending;
  let tree = files;
  if (save && files.some((f) => save.dataFiles.includes(f as DataFile))) {
    const listed = new Set(tree.map((f) => trim(f.path)));
    tree = tree.concat(
      save.remove.filter((path) => !listed.has(path)).map((path) => ({ path, sha: null })),
    );
  }
  if (tree.some((f) => f.sha === null)) {
    // Extended SHA-1 syntax (<rev>:<path>), as Decap reads a branch's folder.
    const there = new Set(
      (await api.listFiles(MEDIA_ROOT, { branch: baseSha, depth: 100 })).map((f) => trim(f.path)),
    );
    tree = tree.filter(
      (f) =>
        f.sha !== null || !trim(f.path).startsWith(`${MEDIA_ROOT}/`) || there.has(trim(f.path)),
    );
  }
  return tree;
}

/** A save that removes what it leaves unused (planFor), or keeps it and says so. */
const removingUnusedMedia =
  (
    api: GitHubApi,
    persistEntry: (entry: PersistEntry, options: PersistOptions) => Promise<unknown>,
  ) =>
  async (entry: PersistEntry, options: PersistOptions) => {
    let plan;
    try {
      plan = await planFor(api, entry, options);
    } catch (error) {
      // The save goes ahead as Decap would make it; staff are told what stays.
      const saved = await persistEntry(entry, options);
      notify(
        `Saved. The photos and files only the removed content used could not be checked on GitHub (${
          error instanceof Error ? error.message : String(error)
        }), so they were kept. Your next save of this draft, before you publish it, removes them.`,
        "warning",
      );
      return saved;
    }
    const keep = new Set(plan.keep);
    pending = { dataFiles: entry.dataFiles, remove: plan.remove };
    try {
      return await persistEntry(
        { ...entry, assets: entry.assets.filter((a) => keep.has(trim(a.path))) },
        options,
      );
    } finally {
      pending = undefined;
    }
  };

/**
 * A published entry deleted: Decap would commit the deletion straight to the
 * default branch, which the rule on main refuses (docs/deploy.md). Instead the
 * deletion, with the media files only the entry named, is one commit on a
 * branch of its own and a pull request, checked like a draft and merged on
 * GitHub; staff are told where it is. If the media cannot be checked, the
 * entry's deletion goes alone and staff are told the files stay.
 */
const deletingUnusedMedia =
  (api: GitHubApi, deleteFiles: DeleteFiles): DeleteFiles =>
  async (paths, message) => {
    const entries = paths.map(trim).filter((path) => CONTENT_FILE.test(path));
    if (entries.length === 0) return deleteFiles(paths, message);
    let remove: string[] = [];
    let unchecked = "";
    try {
      const deleted: string[] = [];
      for (const path of entries) {
        const text = await textOn(api, path, api.branch);
        if (text !== undefined) deleted.push(text);
      }
      remove = unusedAfterDelete({
        deleted,
        others: await otherContent(api, new Set(entries)),
        media: await mediaOn(api, api.branch),
      });
    } catch (error) {
      unchecked = error instanceof Error ? error.message : String(error);
    }
    // content/careers/asset-manager.json -> delete/careers/asset-manager
    const branch = `delete/${entries[0]!.replace(/^content\//, "").replace(/\.json$/, "")}`;
    const number = await deletionPullRequest(api, branch, [...paths.map(trim), ...remove], message);
    notify(
      `The deletion is change request #${number} on GitHub, checked like a draft; it is on the site once it is merged there.${
        unchecked
          ? ` The photos and files only it used could not be checked on GitHub (${unchecked}), so they were kept.`
          : ""
      }`,
      unchecked ? "warning" : "success",
    );
  };

/** Every GitHub backend Decap makes removes the uploads its saves and deletions leave unused. */
export const removeUnusedMediaOnGitHub = () =>
  aroundGitHubSaves(CMS, removingUnusedMedia, withDeletions, deletingUnusedMedia);
