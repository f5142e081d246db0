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

/** Decap's key for the signed-in user; the local backend needs no account. */
export const USER_KEY = "decap-cms-user";
/** What Decap stores for a user of its local backend ("proxy"). */
export const LOCAL_USER = JSON.stringify({ backendName: "proxy" });

/** Whether a config (as the server writes it) is the local editor's. */
export function isLocalEditor(config: { backend?: { name?: string }; local_backend?: unknown }) {
  return config.backend?.name === "proxy" || Boolean(config.local_backend);
}
