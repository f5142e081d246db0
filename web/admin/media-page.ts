// The Media page: the media library opened by no field, from Decap's header
// ("Media", which opens it over the page without changing the address) or
// from #/media (a bookmark, ./media-address.ts). On the site, with the GitHub
// backend, Decap writes what is done there straight to the default branch: an
// upload is a commit on main (persistMedia), and so is deleting or replacing a
// file (deleteMedia), both through patchBranch in decap-cms-backend-github
// 3.8. The site's rule on main (.github/rulesets/main.json, docs/deploy.md)
// refuses every change to main that is not a pull request whose checks
// passed, so GitHub refuses these writes and staff would see "Failed to
// persist media" or "Failed to delete media" after the fact. The rule stays
// (it is what keeps unchecked changes off the site), so the editor says
// before: the Media page is for looking up files, new files are
// uploaded from the field they are for (they then go with that entry's draft
// and its checks). With the local backend (`make edit`) nothing is refused:
// it writes to the working tree.
import type { mediaLibrary } from "./decap-internals";

/** What a staff member is told when they upload or delete on the Media page. */
export const MEDIA_PAGE_READ_ONLY =
  "On the site, the Media page only shows the files. To add a file, open the page it is for and " +
  "choose it under the field (Choose different image or file): it is saved with your draft. " +
  "Old files cannot be deleted here; they do no harm, and the site's engineers remove them.";

/** Whether the Media page may write: not with the GitHub backend (the rule on main refuses it). */
export function mediaPageWrites(backendName: string | undefined): boolean {
  return backendName !== "github";
}

/** The media library's state: open, and the control of the field that opened it ("" for none). */
export type LibraryState = ReturnType<typeof mediaLibrary>;

/**
 * Whether the editor shows its Media page: the media library is open and no
 * field opened it, so an upload goes to the default media folder, not into an
 * entry's draft. One rule for every way Decap opens it so (its header's Media
 * button, #/media), read from Decap's own state rather than the address.
 */
export function onMediaPage(library: LibraryState): boolean {
  return library.open && library.controlID === "";
}

/**
 * Whether a click is on the media library's delete button (`label`: its words
 * in Decap's locale, mediaLibrary.mediaLibraryModal.deleteSelected, "Delete
 * selected" in English), on the Media page or in the library a field opens:
 * deleting a published file is a commit on main either way. Other delete
 * buttons (an entry's) are not this one.
 */
export function isDeleteButton(target: EventTarget | null, label: string): boolean {
  if (!(target instanceof Element)) return false;
  const words = target.closest("button")?.textContent?.trim().toLowerCase();
  return Boolean(label.trim()) && words === label.trim().toLowerCase();
}

/** Whether a route is the media library's page some links and bookmarks name (#/media). */
export function isMediaRoute(pathname: string): boolean {
  return /^\/media\/?$/.test(pathname);
}
