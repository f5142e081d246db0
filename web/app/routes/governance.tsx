import { PageIntro } from "~/components/PageIntro";
import { staticPageMeta } from "~/lib/page-meta";

export const meta = () => staticPageMeta("/governance");

export default function Governance() {
  return <PageIntro path="/governance" />;
}
