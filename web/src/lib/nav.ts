// Which header link carries the active-link marker (spec: "Shared layout: header").

export const markerHiddenPaths = ["/", "/privacy-statement"];

/** The link the marker is under: null on home, privacy, 404 and deeper paths; unknown paths get the first. */
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
