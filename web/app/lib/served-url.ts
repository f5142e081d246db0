// The server answers every unknown URL with the page prerendered at /404. If
// the router hydrated that page at its real URL (say /careers/bogus) it would
// match another route than the one the HTML was rendered for, and hydration
// would fail. So the router starts at /404, the route the HTML belongs to, and
// the address bar gets the visitor's URL back as soon as hydration commits.

const notFoundPath = "/404";
let servedUrl: string | null = null;

/** Before hydration: point the history at /404 when the document is the 404 page. */
export function startAtNotFound(doc: Document, win: Window): void {
  if (!doc.documentElement.hasAttribute("data-not-found")) return;
  if (win.location.pathname === notFoundPath) return;
  servedUrl = win.location.pathname + win.location.search + win.location.hash;
  win.history.replaceState(win.history.state, "", notFoundPath);
}

/** After hydration: put the visitor's URL back in the address bar. */
export function restoreServedUrl(win: Window): void {
  if (servedUrl === null) return;
  win.history.replaceState(win.history.state, "", servedUrl);
  servedUrl = null;
}
