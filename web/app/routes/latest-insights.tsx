import { PageIntro } from "~/components/PageIntro";
import { staticPageMeta } from "~/lib/page-meta";

export const meta = () => staticPageMeta("/latest-insights");

export default function LatestInsights() {
  return <PageIntro path="/latest-insights" />;
}
