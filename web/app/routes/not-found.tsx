import { NotFound } from "~/components/NotFound";
import { notFoundMeta } from "~/lib/page-meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { notFound: true };

export const meta = () => notFoundMeta();

export default function NotFoundRoute() {
  return <NotFound />;
}
