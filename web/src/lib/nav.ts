// Which header link carries the active-link marker (spec: "Shared layout: header").

/** Paths on which the marker is hidden even though they have one segment or none. */
export const markerHiddenPaths = ["/", "/privacy-statement"];

/**
 * Index of the nav link the marker sits under, or null when it is hidden: on
 * the home and privacy pages, the 404 page, and any path of two or more
 * segments. A one-segment path that matches no link falls back to the first.
 */
export function markerIndex(
  pathname: string,
  links: readonly { to: string }[],
  isNotFound: boolean,
): number | null {
  if (isNotFound || links.length === 0) return null;
  const segments = pathname.split("/").filter(Boolean);
  const normalised = `/${segments.join("/")}`;
  if (segments.length !== 1 || markerHiddenPaths.includes(normalised)) return null;
  const index = links.findIndex((link) => link.to === normalised);
  return index >= 0 ? index : 0;
}

/** Whether the footer's portrait credit shows on a path: the listed paths and their sub-pages. */
export function showsPortraitCredit(pathname: string, creditPaths: readonly string[]): boolean {
  return creditPaths.some((p) =>
    p === "/" ? pathname === "/" : pathname === p || pathname.startsWith(`${p}/`),
  );
}
