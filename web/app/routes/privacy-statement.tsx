import { PageIntro } from "~/components/PageIntro";
import { staticPageMeta } from "~/lib/page-meta";
import { PrivacyText } from "./privacy-statement/PrivacyText";
import page from "virtual:content/pages.json?pick=/privacy-statement";
import { registerPage } from "~/lib/content";

registerPage("/privacy-statement", page);

export const meta = () => staticPageMeta("/privacy-statement");

export default function PrivacyStatement() {
  return (
    <>
      <PageIntro path="/privacy-statement" />
      <PrivacyText />
    </>
  );
}
