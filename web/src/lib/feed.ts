// The insights feed and its media URLs, fetched in the browser once per document (the feed is
// live, never prerendered); this request takes over /latest-insights' preload.
import {
  mediaEndpoint,
  parseFeed,
  parseMediaAnswer,
  type MediaRef,
  type ResolvedMedia,
  type SocialPost,
} from "./insights";

/** The feed endpoint; a page that preloads it must use exactly this URL. */
export const FEED_URL = "/linkedin-api";

/** Logs a failure as info, not an error: the visitor sees the error text or the placeholder. */
export function logFailure(what: string, err: unknown) {
  console.info(`insights: ${what}: ${err instanceof Error ? err.message : String(err)}`);
}

async function fetchJson(url: string): Promise<unknown> {
  // Same mode and credentials as the page's preload, so the browser reuses it.
  const res = await fetch(url, { headers: { Accept: "application/json" } });
  if (!res.ok) {
    // Read the error body to the end, so the request completes.
    await res.text().catch(() => "");
    throw new Error(`${url} answered HTTP ${res.status}`);
  }
  return res.json();
}

let feed: Promise<SocialPost[]> | null = null;

/** The feed's posts; a failure is logged and rejects, and a later call tries again. */
export function loadFeed(): Promise<SocialPost[]> {
  if (!feed) {
    feed = fetchJson(FEED_URL).then(parseFeed);
    feed.catch((err: unknown) => {
      logFailure("feed not loaded", err);
      feed = null;
    });
  }
  return feed;
}

/** Download URLs by media URN: one request per medium. */
const resolving = new Map<string, Promise<ResolvedMedia>>();

/** A post's image or video URL through /linkedin-api/{kind} (parseMediaAnswer); failures log and reject. */
export function resolveMedia(media: MediaRef): Promise<ResolvedMedia> {
  let pending = resolving.get(media.urn);
  if (!pending) {
    pending = fetchJson(mediaEndpoint(media)).then((body) => {
      const resolved = parseMediaAnswer(body, media.kind);
      if (!resolved) throw new Error(`no usable downloadUrl for ${media.urn}`);
      return resolved;
    });
    pending.catch((err: unknown) => {
      logFailure(`${media.kind} not loaded`, err);
      resolving.delete(media.urn);
    });
    resolving.set(media.urn, pending);
  }
  return pending;
}
