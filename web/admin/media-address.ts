// #/media, the address of the Media page (./media-page.ts) in bookmarks and
// old links. Kept apart from ./media-page.ts, which the e2e suites import.
import {
  currentRoute,
  mediaLibrary,
  onDecapChange,
  onRouteChange,
  openMediaPage,
  replaceRoute,
  signedIn,
} from "./decap-internals";
import { isMediaRoute } from "./media-page";

/**
 * `#/media` (a bookmark, an old link) opens the media library. Decap has no
 * such route (its header's Media button opens the library over the current
 * page), so it answered "Not Found" and nothing else. The library now opens
 * over that address once staff are signed in (the address stays while it is
 * open), and closing it goes to the start page.
 */
export function openMediaFromAddress() {
  let phase: "idle" | "open" | "leaving" = "idle";
  const check = () => {
    if (!isMediaRoute(currentRoute())) phase = "idle";
    else if (phase === "idle" && signedIn()) {
      phase = "open";
      openMediaPage();
    } else if (phase === "open" && !mediaLibrary().open) {
      phase = "leaving";
      // Not inside a notification of Decap's own: its router must see the change.
      window.setTimeout(() => replaceRoute("/"), 0);
    }
  };
  onDecapChange(check);
  onRouteChange(() => window.setTimeout(check, 0));
  check();
}
