import { PageIntro } from "~/components/PageIntro";
import { staticPageMeta } from "~/lib/page-meta";

export const meta = () => staticPageMeta("/careers");

export default function Careers() {
  return <PageIntro path="/careers" />;
}
