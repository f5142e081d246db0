// Decap's routes, as far as the editor's fixes read them (decap-cms-core
// components/App/App.js: /collections/:name/entries/*).

export interface EntryRoute {
  collection: string;
  slug: string;
}

/** The entry a route of Decap's editor opens, or undefined for any other route. */
export function entryRoute(pathname: string): EntryRoute | undefined {
  const match = /^\/collections\/([^/]+)\/entries\/(.+?)\/?$/.exec(pathname);
  if (!match) return undefined;
  return { collection: match[1]!, slug: match[2]! };
}

/**
 * Whether going from one route to the other keeps Decap's editor mounted on a
 * different entry: both routes open an entry, and not the same one.
 */
export function switchesEntry(from: string, to: string): boolean {
  const a = entryRoute(from);
  const b = entryRoute(to);
  return Boolean(a && b && (a.collection !== b.collection || a.slug !== b.slug));
}

/** Whether a route is the media library's page some links and bookmarks name (#/media). */
export function isMediaRoute(pathname: string): boolean {
  return /^\/media\/?$/.test(pathname);
}
