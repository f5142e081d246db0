// Decap's own Redux store, history and actions, reached through the modules of
// decap-cms-core that decap-cms-app itself imports (dist/esm: one instance).
// Decap has no public API for these; the editor's fixes for Decap's own faults
// (./decap-fixes.ts) need them. Typed here as far as the fixes read them.
import * as entryActions from "decap-cms-core/dist/esm/actions/entries.js";
import * as mediaActions from "decap-cms-core/dist/esm/actions/mediaLibrary.js";
import * as notificationActions from "decap-cms-core/dist/esm/actions/notifications.js";
import { store as decapStore } from "decap-cms-core/dist/esm/redux/index.js";
import { history as decapHistory } from "decap-cms-core/dist/esm/routing/history.js";

/** An Immutable value as Decap keeps its state. */
export interface Immutable {
  get(key: string): unknown;
  getIn(path: (string | number)[]): unknown;
  toJS(): unknown;
}

export interface DecapStore {
  getState(): {
    config: Immutable & Record<string, unknown>;
    collections: Immutable;
    entryDraft: Immutable;
    medias: unknown;
    auth: Immutable;
    [key: string]: unknown;
  };
  dispatch(action: unknown): unknown;
  subscribe(listener: () => void): () => void;
}

export interface DecapHistory {
  location: { pathname: string };
  listen(listener: (location: { pathname: string }, action: string) => void): () => void;
  replace(path: string): void;
}

export const store = decapStore as unknown as DecapStore;
export const history = decapHistory as unknown as DecapHistory;

type ActionCreator = (...args: unknown[]) => unknown;
export const entryLoaded = (entryActions as unknown as Record<string, ActionCreator>)
  .entryLoaded as (collection: Immutable, entry: unknown) => unknown;
export const openMediaLibrary = (mediaActions as unknown as Record<string, ActionCreator>)
  .openMediaLibrary as (payload?: unknown) => unknown;

const addNotification = (notificationActions as unknown as Record<string, ActionCreator>)
  .addNotification as (notification: unknown) => unknown;

/**
 * The media library as Decap's state has it (reducers/mediaLibrary.js): whether
 * it is open, and the id of the field's control that opened it, "" when none
 * did (its header's Media button, or ./decap-fixes.ts for #/media).
 */
export function mediaLibrary(): { open: boolean; controlID: string } {
  const library = store.getState().mediaLibrary as Immutable | undefined;
  return {
    open: library?.get("isVisible") === true,
    controlID: String(library?.get("controlID") ?? ""),
  };
}

/** A message in Decap's own notification area (top right), as its saves report. */
export function notify(message: string, type: "error" | "warning" | "success" | "info") {
  store.dispatch(addNotification({ message, type, dismissAfter: 15_000 }));
}

/**
 * Which entries of Decap's list control are folded (decap-cms-widget-list
 * ListControl's state.itemsCollapsed; it has no prop for it). Decap draws the
 * form anew when the preview is switched on or off, and a new list starts
 * with every entry folded: the editor keeps the folding across it (./list-search.tsx).
 */
export function foldedEntries(list: unknown): boolean[] | undefined {
  const folded = (list as { state?: { itemsCollapsed?: unknown } } | null)?.state?.itemsCollapsed;
  return Array.isArray(folded) ? [...(folded as boolean[])] : undefined;
}

export function setFoldedEntries(list: unknown, folded: boolean[]) {
  (list as { setState(state: { itemsCollapsed: boolean[] }): void }).setState({
    itemsCollapsed: folded,
  });
}
