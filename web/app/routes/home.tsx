import { CharityTeaser } from "~/components/CharityTeaser";
import { InsightsBlock } from "~/components/InsightsBlock";
import { PageHeader } from "~/components/PageHeader";
import { TeamTeaser } from "~/components/people/TeamTeaser";
import { staticPageMeta } from "~/lib/page-meta";
import { home } from "~/lib/home";
import { AboutBlock } from "./home/AboutBlock";
import { WhatWeDoBlock } from "./home/WhatWeDoBlock";
import page from "virtual:content/pages.json?pick=/";
import { registerPage } from "~/lib/content";

registerPage("/", page);

export const meta = () => staticPageMeta("/");

export default function Home() {
  const { hero } = home;
  return (
    <>
      <PageHeader path="/" image={hero.image} alt={hero.alt} eyebrow={hero.eyebrow} tall />
      <WhatWeDoBlock />
      <AboutBlock />
      <TeamTeaser />
      <InsightsBlock />
      <CharityTeaser />
    </>
  );
}
