import { CharityTeaser } from "~/components/CharityTeaser";
import { PageHeader } from "~/components/PageHeader";
import { staticPageMeta } from "~/lib/page-meta";
import { whatWeDo } from "~/lib/screens";
import { AssetManagement } from "./what-we-do/AssetManagement";
import { DealTeam } from "./what-we-do/DealTeam";
import { Philosophy } from "./what-we-do/Philosophy";

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
      {/* ── Slot: first 3 career teasers + `More careers` -> /careers (issue #5, careers engineer) goes here ── */}
    </>
  );
}
