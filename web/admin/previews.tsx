// Live previews: each content file and each person, vacancy and partner drawn
// by the site's own components, as its page composes them (src/pages/*.astro),
// with the entry being edited passed as the props the page shell passes from
// content/; the other files and entries a page shows come from the build. Islands render as plain components; the site's platform
// scripts (counters, accordion) do not run in a preview.
import type { ReactNode } from "react";
import type careersJson from "#content/careers.json";
import type charityJson from "#content/charity.json";
import insightsJson from "#content/insights.json";
import pagesJson from "#content/pages.json";
import peopleJson from "#content/people.json";
import siteJson from "#content/site.json";
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
import { careers, charity, employees } from "@/lib/bundled-entries";
import { contactOf, type Vacancy } from "@/lib/careers";
import type { Charity, Partner } from "@/lib/charity";
import { pageMeta, type Site } from "@/lib/content";
import { feedLabels, type InsightsContent } from "@/lib/insights-content";
import { personCard, type Employee, type PeopleContent } from "@/lib/people";
import type { Contact, Governance, Home, Privacy, WhatWeDo } from "@/lib/screens";
import { teaserPool } from "@/lib/team-teaser";

// What a page shows besides the entry: the build's content.
const site: Site = siteJson;
const people: PeopleContent = peopleJson;

/** The build's entries with the one being edited in its place (by `key`), or added at the end. */
function withEntry<T>(entries: readonly T[], entry: T, key: keyof T): T[] {
  const at = entries.findIndex((e) => e[key] === entry[key]);
  return at < 0 ? [...entries, entry] : entries.map((e, i) => (i === at ? entry : e));
}
const meta = (path: string) => pageMeta(pagesJson, path);

/** A page's preview: draws the entry's data, as Decap has it (./preview-data), as its page. */
type PagePreview = (props: { content: never }) => ReactNode;

/** The site's pages as the previews compose them, by content file name. */
export const pagePreviews: Record<string, PagePreview> = {
  home: ({ content: home }: { content: Home }) => (
    <>
      <PageHeader
        meta={meta("/")}
        image={home.hero.image}
        alt={home.hero.alt}
        eyebrow={home.hero.eyebrow}
        tall
      />
      <WhatWeDoBlock whatWeDo={home.whatWeDo} site={site} />
      <AboutBlock about={home.about} site={site} />
      <HomeTeamTeaser />
      <Insights insights={insightsJson} />
      <CharityTeaser teaser={charity.teaser} site={site} />
    </>
  ),
  "what-we-do": ({ content: whatWeDo }: { content: WhatWeDo }) => (
    <>
      <PageHeader
        meta={meta("/what-we-do")}
        image={whatWeDo.header.image}
        alt={whatWeDo.header.alt}
      />
      <Philosophy philosophy={whatWeDo.philosophy} site={site} />
      <DealTeam dealTeam={whatWeDo.dealTeam} site={site} />
      <AssetManagement assetManagement={whatWeDo.assetManagement} site={site} />
      <CharityTeaser teaser={charity.teaser} site={site} />
      <CareerTeasers teasers={careers.page.teasers} vacancies={careers.vacancies} />
    </>
  ),
  people: ({ content: people }: { content: PeopleContent }) => (
    <>
      <OurDna meta={meta("/who-we-are")} dna={people.dna} employees={employees} />
      <Values values={people.values} />
      <PeopleGrid heading={people.directory.heading} employees={employees} />
    </>
  ),
  employees: ({ content: person }: { content: Employee }) => (
    <PeopleGrid heading={people.directory.heading} employees={withEntry(employees, person, "id")} />
  ),
  charity: ({ content }: { content: typeof charityJson }) => {
    const page = { ...content, partners: charity.partners };
    return <CharityPage charity={page} />;
  },
  partners: ({ content: partner }: { content: Partner }) => (
    <Partners
      charity={{ ...charity, partners: withEntry(charity.partners, partner, "id") }}
      site={site}
    />
  ),
  insights: ({ content: insights }: { content: InsightsContent }) => (
    <>
      <PageIntro meta={meta("/latest-insights")} />
      <div className="container">
        <Insights insights={insights} list />
      </div>
      <Insights insights={insights} />
    </>
  ),
  governance: ({ content: g }: { content: Governance }) => (
    <>
      <PageHeader meta={meta("/governance")} image={g.header.image} alt={g.header.alt} />
      <GovernanceBody governance={g} site={site} />
    </>
  ),
  contact: ({ content: contact }: { content: Contact }) => (
    <>
      <PageHeader meta={meta("/contact")} image={contact.header.image} alt={contact.header.alt} />
      <div className={`container ${contactStyles.layout}`}>
        <HeadOffice headOffice={contact.headOffice} site={site} />
        <OfficeAccordion contact={contact} site={site} />
      </div>
      <div className="container">
        {/* The preview never asks the map's site (the editor's policy refuses frames). */}
        <MapConsent map={contact.map} site={site} frame={false} />
      </div>
    </>
  ),
  privacy: ({ content: privacy }: { content: Privacy }) => (
    <>
      <PageIntro meta={meta("/privacy-statement")} />
      <PrivacyText privacy={privacy} site={site} />
    </>
  ),
  careers: ({ content }: { content: typeof careersJson }) => {
    const { page, detail } = content;
    return (
      <>
        <CareersWelcome meta={meta("/careers")} page={page} />
        <VacancyCards vacancies={careers.vacancies} page={page} />
        {careers.vacancies.map((v) => (
          <VacancyPage key={v.slug} vacancy={v} contact={contactOf(v, employees)} detail={detail} />
        ))}
      </>
    );
  },
  vacancies: ({ content: vacancy }: { content: Vacancy }) => (
    <>
      <VacancyCards vacancies={withEntry(careers.vacancies, vacancy, "slug")} page={careers.page} />
      <VacancyPage
        vacancy={vacancy}
        contact={contactOf(vacancy, employees)}
        detail={careers.detail}
      />
    </>
  ),
  site: ({ content: site }: { content: Site }) => (
    <>
      <Header site={site} pathname="/" />
      <main id="main" className="container">
        <p>{site.tagline}</p>
      </main>
      <Footer site={site} pathname="/" />
    </>
  ),
  pages: ({ content: pages }: { content: Record<string, unknown> }) => (
    <>
      {Object.keys(pages)
        .filter((path) => path.startsWith("/"))
        .map((path) => (
          <SearchResult key={path} path={path} pages={pages} />
        ))}
    </>
  ),
};

/** The Charity page as its shell composes it. */
function CharityPage({ charity }: { charity: Charity }) {
  return (
    <>
      <PageHeader meta={meta("/charity")} image={charity.header.image} alt={charity.header.alt} />
      <Foundation foundation={charity.foundation} site={site} />
      <Partners charity={charity} site={site} />
      <EsgBlock esg={charity.esg} site={site} />
      <Giving charity={charity} site={site} />
    </>
  );
}

/** The home page's team teaser, its pool's photos resolved as the preview's media do. */
function HomeTeamTeaser() {
  const { heading, intro, buttonLabel } = people.teaser;
  const pool = teaserPool(employees, useMedia().image);
  return <TeamTeaser heading={heading} intro={intro} buttonLabel={buttonLabel} pool={pool} />;
}

/** The insights list, or the home page's latest insights; logos resolved as the preview's media do. */
function Insights({ insights, list = false }: { insights: InsightsContent; list?: boolean }) {
  const labels = feedLabels(insights, site, useMedia().logo);
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
function SearchResult({ path, pages }: { path: string; pages: object }) {
  const page = pageMeta(pages, path);
  return (
    <article className="container" style={{ marginBlock: "2rem" }}>
      <p style={{ fontSize: "0.875rem" }}>
        {site.url.replace(/\/$/, "")}
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
