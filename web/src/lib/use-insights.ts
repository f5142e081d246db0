// The insights feed in the browser. The feed is live, so it is fetched in the
// browser, never at build time: prerendered HTML shows the loading state.
// The list page starts fetching as its module loads (prefetchInsights), in
// parallel with the rest of the app's JavaScript, rather than after hydration.
// One small store is shared by the home block and the list page, so a
// client-side navigation between them shows the posts at once instead of
// fetching them again (for a minute; the server caches them much longer).
import { useEffect, useState, useSyncExternalStore } from "react";
import { preload } from "react-dom";
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

let inflight: Promise<void> | null = null;

/** Loads the feed unless it is loading or fresh; settles when it is done. */
function loadFeed(): Promise<void> {
  if (inflight) return inflight;
  if (state.status === "loaded" && Date.now() - loadedAt < REUSE_MS) return Promise.resolve();
  // A retry after an error shows the loading state again; a refresh of a
  // loaded feed keeps showing the posts it has.
  if (state.status === "error") setState(LOADING);
  inflight = fetchJson(FEED_URL)
    .then((body) => {
      loadedAt = Date.now();
      setState({ status: "loaded", posts: parseFeed(body) });
    })
    .catch((err: unknown) => {
      logFailure("feed not loaded", err);
      if (state.status !== "loaded") setState({ status: "error" });
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Puts a preload of the feed into the prerendered HTML, so the browser
 * fetches it while it reads the page and the feed is there when the page's
 * JavaScript asks for it. Only at prerender: in the browser the fetch is
 * made directly, and a preload made then would go unused.
 */
export function usePrerenderedFeedPreload() {
  if (typeof window === "undefined") preload(FEED_URL, { as: "fetch", crossOrigin: "anonymous" });
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
  useEffect(() => void loadFeed(), []);
  return current;
}

/** Download URLs already resolved, by media URN. */
const resolved = new Map<string, string>();
/** Resolutions under way, by media URN: one request per medium. */
const resolving = new Map<string, Promise<string>>();

/** The download URL of a post's image or video, through /linkedin-api/{image,video}. */
function resolveMedia(media: MediaRef): Promise<string> {
  const known = resolved.get(media.urn);
  if (known) return Promise.resolve(known);
  let pending = resolving.get(media.urn);
  if (!pending) {
    pending = fetchJson(mediaEndpoint(media))
      .then((body) => {
        const url = parseDownloadUrl(body);
        if (!url) throw new Error(`no usable downloadUrl for ${media.urn}`);
        resolved.set(media.urn, url);
        return url;
      })
      .finally(() => resolving.delete(media.urn));
    resolving.set(media.urn, pending);
  }
  return pending;
}

/**
 * The download URL of a post's image or video; null until it is resolved,
 * and for good when that fails (the failure is only logged, the card keeps
 * its placeholder).
 */
export function usePostMedia(media: MediaRef | null): string | null {
  const urn = media?.urn ?? "";
  const kind = media?.kind ?? "image";
  const [src, setSrc] = useState<string | null>(() => resolved.get(urn) ?? null);
  useEffect(() => {
    if (!urn) return;
    let mounted = true;
    resolveMedia({ kind, urn, alt: "" })
      .then((url) => mounted && setSrc(url))
      .catch((err: unknown) => mounted && logFailure(`${kind} not loaded`, err));
    return () => {
      mounted = false;
    };
  }, [kind, urn]);
  return urn ? src : null;
}

/**
 * Starts loading the feed and the media of its first posts before the page
 * has hydrated, so the cards show their images as soon as React renders
 * them: the first post's image is the list page's largest element. Does
 * nothing outside a browser (the prerender) and never rejects; the hooks
 * report failures when they meet them.
 * @param posts how many of the first posts' media to resolve
 * @param images how many of those images to start downloading
 */
export function prefetchInsights({ posts, images }: { posts: number; images: number }) {
  if (typeof window === "undefined") return;
  void loadFeed().then(() => {
    if (state.status !== "loaded") return;
    const media = state.posts.slice(0, posts).flatMap((p) => (p.media ? [p.media] : []));
    media.forEach((m, i) => {
      resolveMedia(m)
        .then((url) => {
          if (m.kind === "image" && i < images) new Image().src = url;
        })
        .catch(() => {});
    });
  });
}

/** Logs a media element that failed to load (the placeholder stays). */
export function logMediaError(kind: string, src: string) {
  logFailure(`${kind} ${src} failed to load`, "media error");
}
