// Fixes, in the editor's own layer, for faults of Decap CMS itself that lose
// work or mislead (issue 30). Each names the Decap code that causes it; the
// pure parts are in ./entry-route.ts, ./local-editor.ts and ./draft-changes.ts,
// with tests. The uploads a save on GitHub leaves unused: ./unused-media-github.ts.
import CMS from "decap-cms-app";
import { entryLoaded, history, openMediaLibrary, store, type Immutable } from "./decap-store";
import { type Comparable, missedChanges } from "./draft-changes";
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
      const state = store.getState();
      if (
        (state.config as unknown as { publish_mode?: string }).publish_mode === "editorial_workflow"
      )
        return;
      const entry = state.entryDraft.get("entry") as
        | (Immutable & { delete(key: string): Immutable & { delete(key: string): Immutable } })
        | undefined;
      const collection =
        entry && (state.collections.get(String(entry.get("collection"))) as Immutable);
      if (!entry || !collection || !entry.get("slug")) return;
      const saved = entry.delete("isPersisting").delete("newRecord");
      store.dispatch(entryLoaded(collection, saved.toJS()));
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
  store.subscribe(() => {
    const state = store.getState();
    if (
      (state.config as unknown as { publish_mode?: string }).publish_mode !== "editorial_workflow"
    )
      return;
    const entry = state.entryDraft.get("entry") as Immutable | undefined;
    const collection = entry?.get("collection");
    const slug = entry?.get("slug");
    if (!entry || !collection || !slug) return;
    const saved = (state.editorialWorkflow as Immutable | undefined)?.getIn([
      "entities",
      `${String(collection)}.${String(slug)}`,
    ]) as Immutable | undefined;
    const form = entry.get("data") as
      (Immutable & Comparable & { keySeq(): Iterable<string> }) | undefined;
    const missed = missedChanges({
      hasChanged: Boolean(state.entryDraft.get("hasChanged")),
      saving: Boolean(
        entry.get("isPersisting") || saved?.get("isPersisting") || saved?.get("isFetching"),
      ),
      form,
      saved: saved?.get("data") as Comparable | undefined,
    });
    if (!missed || !form || !saved) return;
    const [name] = form.keySeq();
    if (name === undefined) return;
    store.dispatch({
      type: "DRAFT_CHANGE_FIELD",
      payload: {
        field: { get: (key: string) => (key === "name" ? name : undefined) },
        value: form.get(name),
        metadata: {},
        entries: [saved],
      },
    });
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
  let current = history.location.pathname;
  history.listen((location, action) => {
    const from = current;
    current = location.pathname;
    if (action !== "POP" || !switchesEntry(from, location.pathname)) return;
    const target = location.pathname;
    const { collection } = entryRoute(target)!;
    window.setTimeout(() => {
      history.replace(`/collections/${collection}`);
      const started = Date.now();
      // Back to the entry once the old Editor is gone (its draft discarded).
      const back = () => {
        const draft = store.getState().entryDraft.get("entry") as { size?: number } | undefined;
        if (draft?.size && Date.now() - started < 3000) {
          window.setTimeout(back, 20);
          return;
        }
        history.replace(target);
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
      const state = store.getState() as unknown as {
        auth?: { user?: unknown };
        mediaLibrary?: Immutable;
      };
      if (!isMediaRoute(history.location.pathname)) {
        stop?.();
        return;
      }
      if (!opened) {
        if (!state.auth?.user) return;
        opened = true;
        store.dispatch(openMediaLibrary());
      } else if (state.mediaLibrary?.get("isVisible") === false) {
        stop?.();
        // Not inside a notification of Decap's own: its router must see the change.
        window.setTimeout(() => history.replace("/"), 0);
      }
    };
    const unsubscribe = store.subscribe(check);
    stop = () => {
      unsubscribe();
      stop = undefined;
    };
    check();
  };
  if (isMediaRoute(history.location.pathname)) open();
  history.listen((location) => {
    if (isMediaRoute(location.pathname)) window.setTimeout(open, 0);
  });
}

function merge(
  base: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const now = out[key];
    out[key] =
      value && typeof value === "object" && now && typeof now === "object"
        ? merge(now as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/**
 * The local editor shows no "View Live" (and no "Check for Preview" in its
 * place): its site is the build made when `make edit` started, without the
 * edits saved since, so the server gives it no site_url. Decap then reports
 * the missing address as a deploy still pending (actions/deploys.ts:
 * DEPLOY_PREVIEW_FAILURE sets status PENDING, which the toolbar draws as
 * "Check for Preview"); the answer becomes "no deploy" (no status), which the
 * toolbar draws as nothing.
 */
function withoutDeployLinks() {
  store.subscribe(() => {
    const { deploys } = store.getState() as unknown as {
      deploys?: Record<string, { isFetching: boolean; status?: string }>;
    };
    for (const [key, deploy] of Object.entries(deploys ?? {})) {
      if (deploy.status !== "PENDING" || deploy.isFetching) continue;
      const dot = key.indexOf(".");
      store.dispatch({
        type: "DEPLOY_PREVIEW_SUCCESS",
        payload: {
          collection: key.slice(0, dot),
          slug: key.slice(dot + 1),
          url: undefined,
          status: undefined,
        },
      });
    }
  });
}

/**
 * The local editor (`make edit`) says what it does: its save action is called
 * Save (./local-editor.ts). It signs in by itself: ./local-backend.tsx.
 */
export function wordAsLocalEditor() {
  withoutDeployLinks();
  const english = CMS.getLocale("en") as Record<string, unknown> | undefined;
  CMS.registerLocale("en", merge(english ?? {}, localPhrases) as never);
}
