// The insights feed in the browser. The feed is live, so it is fetched after
// hydration, never at build time: prerendered HTML shows the loading state.
// One small store is shared by the home block and the list page, so a
// client-side navigation between them shows the posts at once instead of
// fetching them again (for a minute; the server caches them much longer).
import { useEffect, useState, useSyncExternalStore } from "react";
import {
  mediaEndpoint,
  parseDownloadUrl,
  parseFeed,
  type MediaRef,
  type SocialPost,
} from "./insights";

export type FeedState =
  { status: "loading" } | { status: "loaded"; posts: SocialPost[] } | { status: "error" };

const FEED_URL = "/linkedin-api";
/** How long a loaded feed is reused across client-side navigations. */
const REUSE_MS = 60_000;

const LOADING: FeedState = { status: "loading" };
let state: FeedState = LOADING;
let loadedAt = 0;
let inflight = false;
const listeners = new Set<() => void>();

function setState(next: FeedState) {
  state = next;
  for (const notify of listeners) notify();
}

/**
 * Logs a failure without raising a console error or warning: the visitor
 * sees the error text (feed) or the placeholder (media); the log is for us.
 */
function logFailure(what: string, err: unknown) {
  console.info(`insights: ${what}: ${err instanceof Error ? err.message : String(err)}`);
}

async function fetchJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { headers: { Accept: "application/json" }, signal });
  if (!res.ok) {
    // Read the error body to the end, so the request completes (an unread
    // body keeps it open in some browsers).
    await res.text().catch(() => "");
    throw new Error(`${url} answered HTTP ${res.status}`);
  }
  return res.json();
}

function loadFeed() {
  if (inflight) return;
  if (state.status === "loaded" && Date.now() - loadedAt < REUSE_MS) return;
  inflight = true;
  // A retry after an error shows the loading state again; a refresh of a
  // loaded feed keeps showing the posts it has.
  if (state.status === "error") setState(LOADING);
  fetchJson(FEED_URL)
    .then((body) => {
      loadedAt = Date.now();
      setState({ status: "loaded", posts: parseFeed(body) });
    })
    .catch((err: unknown) => {
      logFailure("feed not loaded", err);
      if (state.status !== "loaded") setState({ status: "error" });
    })
    .finally(() => {
      inflight = false;
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The feed's state: loading (also in prerendered HTML and during hydration),
 * loaded with its posts, or error.
 */
export function useInsightsFeed(): FeedState {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
  useEffect(loadFeed, []);
  return current;
}

/** Download URLs already resolved, by media URN. */
const resolved = new Map<string, string>();

/**
 * The download URL of a post's image or video, resolved through
 * /linkedin-api/{image,video}; null until then, and for good when that
 * fails (the failure is only logged, the card keeps its placeholder).
 */
export function usePostMedia(media: MediaRef | null): string | null {
  const urn = media?.urn ?? "";
  const kind = media?.kind ?? "image";
  const [src, setSrc] = useState<string | null>(() => resolved.get(urn) ?? null);
  useEffect(() => {
    if (!urn) return;
    const known = resolved.get(urn);
    if (known) {
      setSrc(known);
      return;
    }
    const controller = new AbortController();
    fetchJson(mediaEndpoint({ kind, urn, alt: "" }), controller.signal)
      .then((body) => {
        const url = parseDownloadUrl(body);
        if (!url) throw new Error(`no usable downloadUrl for ${urn}`);
        resolved.set(urn, url);
        setSrc(url);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) logFailure(`${kind} not loaded`, err);
      });
    return () => controller.abort();
  }, [kind, urn]);
  return urn ? src : null;
}

/** Logs a media element that failed to load (the placeholder stays). */
export function logMediaError(kind: string, src: string) {
  logFailure(`${kind} ${src} failed to load`, "media error");
}
