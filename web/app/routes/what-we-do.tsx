import { CareerTeasers } from "~/components/CareerTeasers";
import { CharityTeaser } from "~/components/CharityTeaser";
import { PageHeader } from "~/components/PageHeader";
import { staticPageMeta } from "~/lib/page-meta";
import { whatWeDo } from "~/lib/what-we-do";
import { AssetManagement } from "./what-we-do/AssetManagement";
import { DealTeam } from "./what-we-do/DealTeam";
import { Philosophy } from "./what-we-do/Philosophy";
import page from "virtual:content/pages.json?pick=/what-we-do";
import { registerPage } from "~/lib/content";

registerPage("/what-we-do", page);

export const meta = () => staticPageMeta("/what-we-do");

export default function WhatWeDo() {
  const { header } = whatWeDo;
  return (
    <>
      <PageHeader path="/what-we-do" image={header.image} alt={header.alt} />
      <Philosophy />
      <DealTeam />
      <AssetManagement />
      <CharityTeaser />
      <CareerTeasers />
    </>
  );
}
