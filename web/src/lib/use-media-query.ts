import { useSyncExternalStore } from "react";

export const breakpoints = { mobile: 768, desktop: 1024 } as const;

/** Tracks a media query for behaviour (layout is CSS); false in prerendered HTML. */
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
