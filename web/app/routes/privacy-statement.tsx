import { PageIntro } from "~/components/PageIntro";
import { staticPageMeta } from "~/lib/page-meta";
import { PrivacyText } from "./privacy-statement/PrivacyText";

export const meta = () => staticPageMeta("/privacy-statement");

export default function PrivacyStatement() {
  return (
    <>
      <PageIntro path="/privacy-statement" />
      <PrivacyText />
    </>
  );
}
