// The editor of `make edit` (Decap's local backend, publish mode "simple")
// words its actions as docs/editing.md does: a save is a save there, not a
// publication (nothing reaches the site until `make build` and a release).
// These phrases replace Decap's English ones for the local editor only; the
// editor on the site (GitHub, editorial workflow) keeps Decap's, whose
// Publish is a publication.

/** Decap's phrases the local editor says differently (decap-cms-locales en). */
export const localPhrases = {
  editor: {
    editorToolbar: {
      publish: "Save",
      publishing: "Saving…",
      published: "Saved",
      publishNow: "Save now",
      publishAndCreateNew: "Save and add another",
      publishAndDuplicate: "Save and duplicate",
    },
  },
};

/** Whether a config (as the server writes it) is the local editor's. */
export function isLocalEditor(config: { backend?: { name?: string }; local_backend?: unknown }) {
  return config.backend?.name === "proxy" || Boolean(config.local_backend);
}
