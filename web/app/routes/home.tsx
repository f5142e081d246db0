import { PageIntro } from "~/components/PageIntro";
import { staticPageMeta } from "~/lib/page-meta";

export const meta = () => staticPageMeta("/");

export default function Home() {
  return <PageIntro path="/" />;
}
