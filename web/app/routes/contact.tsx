import { PageIntro } from "~/components/PageIntro";
import { staticPageMeta } from "~/lib/page-meta";

export const meta = () => staticPageMeta("/contact");

export default function Contact() {
  return <PageIntro path="/contact" />;
}
