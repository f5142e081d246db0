// After Publish, staff learn when their change is on the site: the release
// posts a commit status (backend.live_context) on the commit it deployed, or
// failed to. The editor reads the combined status of the published branch
// (https://docs.github.com/en/rest/commits/statuses#get-the-combined-status-for-a-specific-reference)
// until it says one or the other, and shows each step above Decap.

/** What the banner says, in the order a release goes through. */
export type LiveState =
  | { step: "building" }
  | { step: "going-live" }
  | { step: "live"; url?: string }
  | { step: "failed"; reason: string }
  | { step: "unknown" };

/** The release's state from a combined status answer. */
export function liveState(body: unknown, context: string): LiveState {
  const statuses = (body as { statuses?: unknown } | null)?.statuses;
  const status = Array.isArray(statuses)
    ? (statuses as { context?: unknown }[]).find((s) => s?.context === context)
    : undefined;
  if (!status) return { step: "building" };
  const { state, target_url, description } = status as Record<string, unknown>;
  if (state === "pending") return { step: "going-live" };
  if (state === "success") {
    // Only a web address is offered as a link.
    const url = typeof target_url === "string" && /^https?:\/\//.test(target_url) ? target_url : "";
    return url ? { step: "live", url } : { step: "live" };
  }
  const reason = typeof description === "string" && description ? description : "it failed";
  return { step: "failed", reason };
}

/** The banner's sentence for a state. */
export function liveMessage(state: LiveState): string {
  switch (state.step) {
    case "building":
      return "Publishing: the site is being checked and built (about 4 to 6 minutes).";
    case "going-live":
      return "Publishing: the new version is going live.";
    case "live":
      return "Published: your change is live on the site.";
    case "failed":
      return `Not published. The release says: ${state.reason.replace(/\.$/, "")}.`;
    case "unknown":
      return "Published, but the editor has had no word from the site for 15 minutes. Check the site, or ask the site's engineers.";
  }
}

export interface LiveWatch {
  /** The combined status of the published branch (GitHub's JSON). */
  read(): Promise<unknown>;
  /** Shows a state. */
  show(state: LiveState): void;
  context: string;
  /** Between two reads (5 s: some 180 of the 5,000 calls an hour GitHub allows a token). */
  every?: number;
  /** How long to wait for the release's word before saying so (15 min). */
  limit?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** False once a later Publish watches instead: this watch then ends unseen. */
  active?: () => boolean;
}

/**
 * Reads the status until the release says live or failed, showing each new
 * state; a read that fails (the network, GitHub's rate limit) is tried again
 * at the next turn. Ends with "unknown" after `limit`.
 */
export async function watchLive({
  read,
  show,
  context,
  every = 5_000,
  limit = 15 * 60_000,
  sleep = (ms) => new Promise((done) => setTimeout(done, ms)),
  now = Date.now,
  active = () => true,
}: LiveWatch): Promise<LiveState | undefined> {
  const end = now() + limit;
  let shown = "";
  for (;;) {
    if (!active()) return undefined;
    let state: LiveState | undefined;
    try {
      state = liveState(await read(), context);
    } catch {
      // Tried again at the next turn.
    }
    if (!active()) return undefined;
    if (state && state.step !== shown) {
      show(state);
      shown = state.step;
    }
    if (state && (state.step === "live" || state.step === "failed")) return state;
    if (now() >= end) {
      const unknown: LiveState = { step: "unknown" };
      show(unknown);
      return unknown;
    }
    await sleep(every);
  }
}

/**
 * The editor's notices (this banner, the LinkedIn feed's) float at the foot
 * of the window, one above the other: Decap's layout is fixed, and anything
 * placed before it in the page would sit under its top bar, unseen.
 */
export function editorFoot(doc: Document): HTMLElement {
  let foot = doc.querySelector<HTMLElement>("div.editor-foot");
  if (!foot) {
    foot = doc.createElement("div");
    foot.className = "editor-foot";
    doc.body.append(foot);
  }
  return foot;
}

/** The banner at the foot of the editor (one, replaced by each state). */
export function showLiveState(doc: Document, state: LiveState): void {
  let box = doc.querySelector<HTMLElement>("div.live-status");
  if (!box) {
    box = doc.createElement("div");
    box.className = "live-status";
    box.setAttribute("aria-label", "Publishing");
    box.setAttribute("role", "status");
    editorFoot(doc).prepend(box);
  }
  box.dataset.step = state.step;
  const text = doc.createElement("span");
  text.textContent = liveMessage(state);
  box.replaceChildren(text);
  if (state.step === "live" && state.url) {
    const link = doc.createElement("a");
    link.href = state.url;
    link.textContent = "View the site";
    box.append(" ", link);
  }
}

/** A GitHub backend's settings, as the server's config.yml gives them. */
interface GitHubBackend {
  name: string;
  repo?: unknown;
  branch?: unknown;
  api_root?: unknown;
  live_context?: unknown;
}

/**
 * Watches each Publish until its release says live or failed (GitHub backend
 * only: the local editor has no release). A later Publish takes over the banner.
 */
export function installLiveStatus(
  cms: { registerEventListener(listener: { name: "postPublish"; handler: () => void }): void },
  backend: GitHubBackend | undefined,
  token: () => string | undefined,
  doc: Document = document,
): void {
  if (backend?.name !== "github" || typeof backend.live_context !== "string") return;
  const context = backend.live_context;
  const api = typeof backend.api_root === "string" ? backend.api_root : "https://api.github.com";
  const branch = typeof backend.branch === "string" ? backend.branch : "main";
  const address = `${api}/repos/${String(backend.repo)}/commits/${encodeURIComponent(branch)}/status`;
  let latest = 0;
  cms.registerEventListener({
    name: "postPublish",
    // Not awaited: Decap waits for its listeners before it says "Published".
    handler: () => {
      const mine = ++latest;
      void watchLive({
        context,
        active: () => mine === latest,
        show: (state) => showLiveState(doc, state),
        read: async () => {
          const response = await fetch(address, {
            cache: "no-store",
            headers: { Accept: "application/vnd.github+json", Authorization: `token ${token()}` },
          });
          if (!response.ok) throw new Error(`combined status: HTTP ${response.status}`);
          return response.json();
        },
      });
    },
  });
}
