// Route `handle` values shared by the shell. A route exports
// `handle = { notFound: true }` when it is the 404 page.
export interface RouteHandle {
  notFound?: boolean;
}

export function isNotFoundMatch(match: { handle?: unknown }): boolean {
  const handle = match.handle as RouteHandle | undefined;
  return handle?.notFound === true;
}
