import { useSyncExternalStore } from "react";

/** Layout breakpoints of the specification (section 9). */
export const breakpoints = { mobile: 768, desktop: 1024 } as const;

/**
 * Tracks a media query (the spec's "current screen width is tracked on window
 * resize"). Prerendered HTML knows no width, so the server snapshot is false and
 * layout itself is done by CSS; this drives behaviour only.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const belowMobile = `(max-width: ${breakpoints.mobile - 0.02}px)`;
export const prefersReducedMotion = "(prefers-reduced-motion: reduce)";
