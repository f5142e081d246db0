import { PageIntro } from "~/components/PageIntro";
import { staticPageMeta } from "~/lib/page-meta";

export const meta = () => staticPageMeta("/what-we-do");

export default function WhatWeDo() {
  return <PageIntro path="/what-we-do" />;
}
