import { startTransition, StrictMode, useLayoutEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// The server answers every unknown URL with the page prerendered at /404. If
// the router hydrated that page at its real URL (say /careers/bogus) it would
// match another route than the one the HTML was rendered for, and hydration
// would fail. So the router starts at /404, the route the HTML belongs to, and
// the address bar gets the visitor's URL back as soon as hydration commits.
const notFoundPath = "/404";
const servedUrl = window.location.pathname + window.location.search + window.location.hash;
const hydratesNotFound =
  document.documentElement.hasAttribute("data-not-found") &&
  window.location.pathname !== notFoundPath;
if (hydratesNotFound) window.history.replaceState(window.history.state, "", notFoundPath);

function RestoreServedUrl() {
  useLayoutEffect(() => {
    if (hydratesNotFound) window.history.replaceState(window.history.state, "", servedUrl);
  }, []);
  return null;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
      <RestoreServedUrl />
    </StrictMode>,
  );
});
