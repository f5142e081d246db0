// Fixes, in the editor's own layer, for faults of Decap CMS itself that lose
// work or mislead (issue 30). Each names the Decap code that causes it; the
// pure parts are in ./entry-route.ts, ./local-editor.ts and ./draft-changes.ts,
// with tests. The uploads a save on GitHub leaves unused: ./unused-media-github.ts.
import CMS from "decap-cms-app";
import {
  answerPendingDeploysWithNone,
  currentRoute,
  draftAgainstSaved,
  entryOpen,
  mediaLibrary,
  onDecapChange,
  onRouteChange,
  openMediaPage,
  publishMode,
  recordChangeAgainst,
  replaceRoute,
  signedIn,
  treatSavedEntryAsLoaded,
} from "./decap-internals";
import { missedChanges } from "./draft-changes";
import { mergePhrases } from "./editor-words";
import { entryRoute, isMediaRoute, switchesEntry } from "./entry-route";
import { localPhrases } from "./local-editor";

/**
 * A value typed back after a save is saved. Decap decides whether the form has
 * unsaved changes by comparing it with the entry as it was loaded
 * (reducers/entryDraft.js, DRAFT_CHANGE_FIELD: `entries.some(e =>
 * newData.equals(e.get('data')))`), and a save does not update that copy
 * (reducers/entries.ts has no case for ENTRY_PERSIST_SUCCESS). So after saving
 * a mistake, typing the old value back counted as "no changes": the Save
 * button went away and the file kept the mistake. After each save the entry's
 * saved state becomes the one compared with, as if it had been loaded again.
 * Publish mode "simple" here; the editorial workflow is below
 * (compareDraftWithLastSave).
 */
export function compareWithLastSave() {
  compareDraftWithLastSave();
  CMS.registerEventListener({
    name: "postSave",
    handler: () => {
      if (publishMode() !== "editorial_workflow") treatSavedEntryAsLoaded();
    },
  });
}

/**
 * The same in the editorial workflow (the editor on the site), where a save is
 * a draft in review: Decap keeps the draft as saved (editorialWorkflow
 * entities, updated on UNPUBLISHED_ENTRY_PERSIST_SUCCESS) but counts "no
 * changes" when the form equals the draft or the published entry
 * (./draft-changes.ts). So a saved mistake typed back to its published value
 * hid Save and the draft kept the mistake. When Decap says "no changes" yet
 * the form differs from the saved draft, the change is recorded again, with
 * the saved draft as the only entry compared: Decap's own DRAFT_CHANGE_FIELD
 * setting a field to the value it has, which changes no data.
 */
function compareDraftWithLastSave() {
  onDecapChange(() => {
    if (publishMode() !== "editorial_workflow") return;
    const draft = draftAgainstSaved();
    if (draft && missedChanges(draft)) recordChangeAgainst(draft.form!, draft.saved!);
  });
}

/**
 * Going from one open entry to another by address, bookmark or Back shows the
 * right entry. Decap's editor route (App.js, /collections/:name/entries/*)
 * keeps its Editor mounted when only the address changes, and the Editor
 * loads its entry once, on mount (Editor.js componentDidMount): the form stayed
 * the old entry's draft under the new entry's fields (an empty form, the old
 * preview). On such a change the editor goes to the collection (Decap
 * unmounts the Editor and drops its draft) and back to the new address (a new
 * Editor loads it), replacing history entries, so Back still works as before.
 * Decap's own unsaved-changes question comes first: this runs only for a change
 * Decap let through.
 */
export function remountOnEntrySwitch() {
  let current = currentRoute();
  onRouteChange((target, action) => {
    const from = current;
    current = target;
    if (action !== "POP" || !switchesEntry(from, target)) return;
    const { collection } = entryRoute(target)!;
    window.setTimeout(() => {
      replaceRoute(`/collections/${collection}`);
      const started = Date.now();
      // Back to the entry once the old Editor is gone (its draft discarded).
      const back = () => {
        if (entryOpen() && Date.now() - started < 3000) {
          window.setTimeout(back, 20);
          return;
        }
        replaceRoute(target);
      };
      window.setTimeout(back, 20);
    }, 0);
  });
}

/**
 * `#/media` (a bookmark, an old link) opens the media library. Decap has no
 * such route (its header's Media button opens the library over the current
 * page), so it answered "Not Found" and nothing else. The library now opens
 * over that address once the editor is ready (the address stays while it is
 * open: the upload guard gives uploads from #/media the media folder's rule,
 * ./upload-guard.tsx), and closing it goes to the start page.
 */
export function openMediaFromAddress() {
  let stop: (() => void) | undefined;
  const open = () => {
    stop?.();
    let opened = false;
    const check = () => {
      if (!isMediaRoute(currentRoute())) {
        stop?.();
        return;
      }
      if (!opened) {
        if (!signedIn()) return;
        opened = true;
        openMediaPage();
      } else if (!mediaLibrary().open) {
        stop?.();
        // Not inside a notification of Decap's own: its router must see the change.
        window.setTimeout(() => replaceRoute("/"), 0);
      }
    };
    const unsubscribe = onDecapChange(check);
    stop = () => {
      unsubscribe();
      stop = undefined;
    };
    check();
  };
  if (isMediaRoute(currentRoute())) open();
  onRouteChange((pathname) => {
    if (isMediaRoute(pathname)) window.setTimeout(open, 0);
  });
}

/**
 * The local editor (`make edit`) says what it does: its save action is called
 * Save (./local-editor.ts). It signs in by itself: ./local-backend.tsx. It
 * shows no "View Live" (and no "Check for Preview" in its place): its site is
 * the build made when `make edit` started, without the edits saved since, so
 * the server gives it no site_url. Decap then reports the missing address as
 * a deploy still pending (actions/deploys.ts: DEPLOY_PREVIEW_FAILURE sets
 * status PENDING, drawn as "Check for Preview"); the answer becomes "no
 * deploy" (no status), which the toolbar draws as nothing.
 */
export function wordAsLocalEditor() {
  onDecapChange(answerPendingDeploysWithNone);
  const english = CMS.getLocale("en") as Parameters<typeof mergePhrases>[0] | undefined;
  CMS.registerLocale("en", mergePhrases(english ?? {}, localPhrases) as never);
}
