import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { startAtNotFound } from "~/lib/served-url";

// The URL is restored by the root route once hydrated (see ~/lib/served-url):
// nothing but the router may sit here, or the client tree would differ from
// the prerendered one and every useId would change.
startAtNotFound(document, window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
