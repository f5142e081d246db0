// The insights feed over the network, in the browser: the feed itself and the
// download URLs of its media, each requested once per document. The feed is
// live, so it is never fetched at build time: prerendered HTML shows the
// loading state. /latest-insights preloads the feed from its HTML
// (<link rel="preload" as="fetch" crossorigin>), and the request made here
// takes over that response.
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

/**
 * Logs a failure without raising a console error or warning: the visitor
 * sees the error text (feed) or the placeholder (media); the log is for us.
 */
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

/**
 * The feed's posts. Rejects on an HTTP error, a network error, a body whose
 * status is 401 or one without elements (logged); a later call tries again.
 */
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

/** Download URLs resolved or being resolved, by media URN: one request per medium. */
const resolving = new Map<string, Promise<ResolvedMedia>>();

/**
 * The download URL of a post's image or video, through
 * /linkedin-api/{image,video}; only a path on this site is accepted. A
 * video over the server's size limit resolves to its thumbnail, an image.
 * A failure is logged once and rejects (the card keeps its placeholder).
 */
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
