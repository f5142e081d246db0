import { PageIntro } from "~/components/PageIntro";
import { staticPageMeta } from "~/lib/page-meta";

export const meta = () => staticPageMeta("/charity");

export default function Charity() {
  return <PageIntro path="/charity" />;
}
