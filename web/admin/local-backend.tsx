// The local editor (`make edit`) signs in by itself. Decap's local backend
// ("proxy", decap-cms-backend-proxy) asks for no account yet draws a page with
// a Login button until someone presses it, and again after Log Out, though
// docs/editing.md promises no sign-in. Through Decap's extension point for
// backends (CMS.registerBackend) the local editor uses the same backend with a
// sign-in page that signs in at once: the editor opens without a Login button,
// and Log Out comes straight back to it.
import { useEffect, useRef } from "react";
import { ProxyBackend } from "decap-cms-backend-proxy";

/** The name the local editor's backend is registered under (Decap's own "proxy" is taken). */
export const LOCAL_BACKEND = "local-files";

interface SignInProps {
  onLogin(credentials: Record<string, never>): void;
}

/** Decap's sign-in page for the local editor: it signs in on being drawn. */
export function SignInAtOnce({ onLogin }: SignInProps) {
  const signedIn = useRef(false);
  useEffect(() => {
    if (signedIn.current) return;
    signedIn.current = true;
    onLogin({});
  }, [onLogin]);
  return null;
}

/** Decap's local backend with the sign-in page above. */
export class LocalBackend extends ProxyBackend {
  authComponent() {
    return SignInAtOnce;
  }
}

interface ServerConfig {
  backend?: { name: string; [key: string]: unknown };
  local_backend?: unknown;
  [key: string]: unknown;
}

/**
 * The server's config for the local editor with the backend above. The server
 * names Decap's "proxy" and sets local_backend (internal/editor/config.go);
 * Decap would swap any backend back to "proxy" while local_backend is set.
 */
export function withLocalBackend<T extends ServerConfig>(config: T): T {
  const { local_backend: _unused, ...rest } = config;
  return { ...rest, backend: { ...config.backend, name: LOCAL_BACKEND } } as T;
}
