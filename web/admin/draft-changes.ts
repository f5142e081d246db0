// Whether the form has changes to save, in the editorial workflow (the editor
// on the site: a save is a draft in review). Decap compares the form with the
// draft in review and with the published entry, and counts "no changes" when
// it equals either (decap-cms-core reducers/entryDraft.js, DRAFT_CHANGE_FIELD:
// `entries.some(e => newData.equals(e.get('data')))`, with the entries
// [unpublished, published] from components/Editor/Editor.js). Typing a saved
// mistake back to its published value then hid the Save button, and the draft
// kept the mistake. What counts is the draft as last saved.

/** A value Decap keeps (an Immutable map): compared by value. */
export interface Comparable {
  equals(other: unknown): boolean;
}

export interface DraftState {
  /** Whether Decap says the form has unsaved changes. */
  hasChanged: boolean;
  /** Whether a save is under way (the saved draft is not known yet). */
  saving: boolean;
  /** The form's data. */
  form: Comparable | undefined;
  /** The draft in review as last saved or loaded; undefined when there is none (yet). */
  saved: Comparable | undefined;
}

/**
 * Whether Decap missed unsaved changes: it says there are none, yet the form
 * differs from the draft in review as last saved.
 */
export function missedChanges({ hasChanged, saving, form, saved }: DraftState): boolean {
  if (hasChanged || saving || !form || !saved) return false;
  return !form.equals(saved);
}
