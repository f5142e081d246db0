// Live previews: each content file and each person, vacancy and partner drawn
// by the site's own components, as its page composes them (src/pages/*.astro),
// with the entry being edited passed as the props the page shell passes from
// content/; the other files and entries a page shows are the content as it is
// now (./preview-data.ts: published, with the drafts in review and the entry's
// unsaved changes), never as the editor was built. Islands render as plain
// components; the site's platform scripts (counters, accordion) do not run in
// a preview.
import type { ReactNode } from "react";
import type careersJson from "#content/careers.json";
import { CareerTeasers } from "@/components/CareerTeasers";
import { CareersWelcome } from "@/components/careers/CareersWelcome";
import { VacancyPage } from "@/components/careers/VacancyPage";
import { CharityTeaser } from "@/components/CharityTeaser";
import { EsgBlock } from "@/components/charity/EsgBlock";
import { Foundation } from "@/components/charity/Foundation";
import { Giving } from "@/components/charity/Giving";
import { Partners } from "@/components/charity/Partners";
import { HeadOffice } from "@/components/contact/HeadOffice";
import { MapConsent } from "@/components/contact/MapConsent";
import { OfficeAccordion } from "@/components/contact/OfficeAccordion";
import contactStyles from "@/components/contact/contact.module.css";
import { Footer } from "@/components/Footer";
import { GovernanceBody } from "@/components/governance/GovernanceBody";
import { Header } from "@/components/Header";
import { AboutBlock } from "@/components/home/AboutBlock";
import { WhatWeDoBlock } from "@/components/home/WhatWeDoBlock";
import { InsightsBlock } from "@/components/InsightsBlock";
import { LatestInsights } from "@/components/LatestInsights";
import { useMedia } from "@/components/media-context";
import { PageHeader } from "@/components/PageHeader";
import { PageIntro } from "@/components/PageIntro";
import { cardId, EmployeeCard } from "@/components/people/EmployeeCard";
import { OurDna } from "@/components/people/OurDna";
import { TeamTeaser } from "@/components/people/TeamTeaser";
import { Values } from "@/components/people/Values";
import { PrivacyText } from "@/components/privacy-statement/PrivacyText";
import { VacancyCards } from "@/components/VacancyCards";
import { AssetManagement } from "@/components/what-we-do/AssetManagement";
import { DealTeam } from "@/components/what-we-do/DealTeam";
import { Philosophy } from "@/components/what-we-do/Philosophy";
import { contactOf, type Vacancy } from "@/lib/careers";
import type { Charity } from "@/lib/charity";
import { pageMeta } from "@/lib/content";
import { feedLabels, type InsightsContent } from "@/lib/insights-content";
import { personCard, type Employee, type PeopleContent } from "@/lib/people";
import type { Contact, Governance, Home, Privacy, WhatWeDo } from "@/lib/screens";
import { teaserPool } from "@/lib/team-teaser";
import type { SiteContent } from "./preview-data";

/**
 * A page's preview: draws the entry's data, as Decap has it, as its page;
 * `all` is the whole content now, the entry in its place (./preview-data.ts).
 */
type PagePreview = (props: { content: never; all: SiteContent }) => ReactNode;

/** The site's pages as the previews compose them, by content file name. */
export const pagePreviews: Record<string, PagePreview> = {
  home: ({ content: home, all }: { content: Home; all: SiteContent }) => (
    <>
      <PageHeader
        meta={pageMeta(all.pages, "/")}
        image={home.hero.image}
        alt={home.hero.alt}
        eyebrow={home.hero.eyebrow}
        tall
      />
      <WhatWeDoBlock whatWeDo={home.whatWeDo} site={all.site} />
      <AboutBlock about={home.about} site={all.site} />
      <HomeTeamTeaser all={all} />
      <Insights insights={all.insights} all={all} />
      <CharityTeaser teaser={all.charity.teaser} site={all.site} />
    </>
  ),
  "what-we-do": ({ content: whatWeDo, all }: { content: WhatWeDo; all: SiteContent }) => (
    <>
      <PageHeader
        meta={pageMeta(all.pages, "/what-we-do")}
        image={whatWeDo.header.image}
        alt={whatWeDo.header.alt}
      />
      <Philosophy philosophy={whatWeDo.philosophy} site={all.site} />
      <DealTeam dealTeam={whatWeDo.dealTeam} site={all.site} />
      <AssetManagement assetManagement={whatWeDo.assetManagement} site={all.site} />
      <CharityTeaser teaser={all.charity.teaser} site={all.site} />
      <CareerTeasers teasers={all.careers.page.teasers} vacancies={all.careers.vacancies} />
    </>
  ),
  people: ({ content: people, all }: { content: PeopleContent; all: SiteContent }) => (
    <>
      <OurDna
        meta={pageMeta(all.pages, "/who-we-are")}
        dna={people.dna}
        employees={all.employees}
      />
      <Values values={people.values} />
      <PeopleGrid heading={people.directory.heading} employees={all.employees} />
    </>
  ),
  employees: ({ all }: { all: SiteContent }) => (
    <PeopleGrid heading={all.people.directory.heading} employees={all.employees} />
  ),
  charity: ({ all }: { all: SiteContent }) => <CharityPage charity={all.charity} all={all} />,
  partners: ({ all }: { all: SiteContent }) => <Partners charity={all.charity} site={all.site} />,
  insights: ({ content: insights, all }: { content: InsightsContent; all: SiteContent }) => (
    <>
      <PageIntro meta={pageMeta(all.pages, "/latest-insights")} />
      <div className="container">
        <Insights insights={insights} all={all} list />
      </div>
      <Insights insights={insights} all={all} />
    </>
  ),
  governance: ({ content: g, all }: { content: Governance; all: SiteContent }) => (
    <>
      <PageHeader
        meta={pageMeta(all.pages, "/governance")}
        image={g.header.image}
        alt={g.header.alt}
      />
      <GovernanceBody governance={g} site={all.site} />
    </>
  ),
  contact: ({ content: contact, all }: { content: Contact; all: SiteContent }) => (
    <>
      <PageHeader
        meta={pageMeta(all.pages, "/contact")}
        image={contact.header.image}
        alt={contact.header.alt}
      />
      <div className={`container ${contactStyles.layout}`}>
        <HeadOffice headOffice={contact.headOffice} site={all.site} />
        <OfficeAccordion contact={contact} site={all.site} />
      </div>
      <div className="container">
        {/* The preview never asks the map's site (the editor's policy refuses frames). */}
        <MapConsent map={contact.map} site={all.site} frame={false} />
      </div>
    </>
  ),
  privacy: ({ content: privacy, all }: { content: Privacy; all: SiteContent }) => (
    <>
      <PageIntro meta={pageMeta(all.pages, "/privacy-statement")} />
      <PrivacyText privacy={privacy} site={all.site} />
    </>
  ),
  careers: ({ content, all }: { content: typeof careersJson; all: SiteContent }) => {
    const { page, detail } = content;
    return (
      <>
        <CareersWelcome meta={pageMeta(all.pages, "/careers")} page={page} />
        <VacancyCards vacancies={all.careers.vacancies} page={page} />
        {all.careers.vacancies.map((v) => (
          <VacancyPage
            key={v.slug}
            vacancy={v}
            contact={contactOf(v, all.employees)}
            detail={detail}
          />
        ))}
      </>
    );
  },
  vacancies: ({ content: vacancy, all }: { content: Vacancy; all: SiteContent }) => (
    <>
      <VacancyCards vacancies={all.careers.vacancies} page={all.careers.page} />
      <VacancyPage
        vacancy={vacancy}
        contact={contactOf(vacancy, all.employees)}
        detail={all.careers.detail}
      />
    </>
  ),
  site: ({ content: site }: { content: SiteContent["site"] }) => (
    <>
      <Header site={site} pathname="/" />
      <main id="main" className="container">
        <p>{site.tagline}</p>
      </main>
      <Footer site={site} pathname="/" />
    </>
  ),
  pages: ({ content: pages, all }: { content: Record<string, unknown>; all: SiteContent }) => (
    <>
      {Object.keys(pages)
        .filter((path) => path.startsWith("/"))
        .map((path) => (
          <SearchResult key={path} path={path} pages={pages} url={all.site.url} />
        ))}
    </>
  ),
};

/** The Charity page as its shell composes it. */
function CharityPage({ charity, all }: { charity: Charity; all: SiteContent }) {
  const { site } = all;
  return (
    <>
      <PageHeader
        meta={pageMeta(all.pages, "/charity")}
        image={charity.header.image}
        alt={charity.header.alt}
      />
      <Foundation foundation={charity.foundation} site={site} />
      <Partners charity={charity} site={site} />
      <EsgBlock esg={charity.esg} site={site} />
      <Giving charity={charity} site={site} />
    </>
  );
}

/** The home page's team teaser, its pool's photos resolved as the preview's media do. */
function HomeTeamTeaser({ all }: { all: SiteContent }) {
  const { heading, intro, buttonLabel } = all.people.teaser;
  const pool = teaserPool(all.employees, useMedia().image);
  return <TeamTeaser heading={heading} intro={intro} buttonLabel={buttonLabel} pool={pool} />;
}

/** The insights list, or the home page's latest insights; logos resolved as the preview's media do. */
function Insights({
  insights,
  all,
  list = false,
}: {
  insights: InsightsContent;
  all: SiteContent;
  list?: boolean;
}) {
  const labels = feedLabels(insights, all.site, useMedia().logo);
  if (list) return <LatestInsights labels={labels} moreLabel={insights.list.moreLabel} />;
  return <InsightsBlock labels={labels} />;
}

/** The directory's cards in stored order (the island's filters need a page URL, so the preview shows the grid). */
function PeopleGrid({ heading, employees }: { heading: string; employees: readonly Employee[] }) {
  const { image } = useMedia();
  return (
    <section className="container" aria-label={heading}>
      <ul
        style={{
          display: "grid",
          gridTemplateColumns: "repeat(auto-fill, minmax(12rem, 1fr))",
          gap: "1.5rem",
          padding: 0,
          listStyle: "none",
        }}
      >
        {employees.map((e) => (
          <li key={e.id} id={`preview-${cardId(e.id)}`}>
            <EmployeeCard person={personCard(e, image)} href={`/who-we-are/${e.id}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A page's title and description as a search engine lists them, then its heading and intro. */
function SearchResult({ path, pages, url }: { path: string; pages: object; url: string }) {
  const page = pageMeta(pages, path);
  return (
    <article className="container" style={{ marginBlock: "2rem" }}>
      <p style={{ fontSize: "0.875rem" }}>
        {url.replace(/\/$/, "")}
        {path === "/" ? "" : path}
      </p>
      <h2 style={{ margin: 0 }}>{page.title}</h2>
      <p>{page.description}</p>
      <PageIntro meta={page} />
    </article>
  );
}

/** Keeps a click on a link inside the preview from navigating the preview frame. */
export function StayInPreview({ children }: { children: ReactNode }) {
  return (
    <div
      onClickCapture={(event) => {
        if ((event.target as Element).closest("a")) event.preventDefault();
      }}
    >
      {children}
    </div>
  );
}
