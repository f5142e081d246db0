// Live previews: each content file drawn by the site's own components, as its
// page composes them (src/pages/*.astro), with the entry being edited in place
// of the built content (./live-content). Islands render as plain components;
// the site's platform scripts (counters, accordion) do not run in a preview.
import type { ComponentType, ReactNode } from "react";
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
import { PageHeader } from "@/components/PageHeader";
import { PageIntro } from "@/components/PageIntro";
import { EmployeeCard } from "@/components/people/EmployeeCard";
import { OurDna } from "@/components/people/OurDna";
import { TeamTeaser } from "@/components/people/TeamTeaser";
import { Values } from "@/components/people/Values";
import { PrivacyText } from "@/components/privacy-statement/PrivacyText";
import { VacancyCards } from "@/components/VacancyCards";
import { AssetManagement } from "@/components/what-we-do/AssetManagement";
import { DealTeam } from "@/components/what-we-do/DealTeam";
import { Philosophy } from "@/components/what-we-do/Philosophy";
import pagesJson from "#content/pages.json";
import { careers } from "@/lib/careers";
import { charity } from "@/lib/charity";
import { contact } from "@/lib/contact";
import { pageMeta, site } from "@/lib/content";
import { governance as g } from "@/lib/governance";
import { home } from "@/lib/home";
import { feedLabels, insights } from "@/lib/insights-content";
import { image } from "@/lib/media-manifest";
import { employees, people, personCard } from "@/lib/people";
import { teaserPool } from "@/lib/team-teaser";
import { whatWeDo } from "@/lib/what-we-do";
import { cardId } from "@/components/people/EmployeeCard";

/** The site's pages as the previews compose them, by content file name. */
export const pagePreviews: Record<string, ComponentType> = {
  home: () => (
    <>
      <PageHeader
        path="/"
        image={home.hero.image}
        alt={home.hero.alt}
        eyebrow={home.hero.eyebrow}
        tall
      />
      <WhatWeDoBlock />
      <AboutBlock />
      <TeamTeaser
        heading={people.teaser.heading}
        intro={people.teaser.intro}
        buttonLabel={people.teaser.buttonLabel}
        pool={teaserPool(employees, image)}
      />
      <InsightsBlock labels={feedLabels()} />
      <CharityTeaser />
    </>
  ),
  "what-we-do": () => (
    <>
      <PageHeader path="/what-we-do" image={whatWeDo.header.image} alt={whatWeDo.header.alt} />
      <Philosophy />
      <DealTeam />
      <AssetManagement />
      <CharityTeaser />
      <CareerTeasers />
    </>
  ),
  people: () => (
    <>
      <OurDna />
      <Values />
      <PeopleGrid />
    </>
  ),
  employees: () => <PeopleGrid />,
  charity: () => (
    <>
      <PageHeader path="/charity" image={charity.header.image} alt={charity.header.alt} />
      <Foundation />
      <Partners />
      <EsgBlock />
      <Giving />
    </>
  ),
  insights: () => (
    <>
      <PageIntro path="/latest-insights" />
      <div className="container">
        <LatestInsights labels={feedLabels()} moreLabel={insights.list.moreLabel} />
      </div>
      <InsightsBlock labels={feedLabels()} />
    </>
  ),
  governance: () => (
    <>
      <PageHeader path="/governance" image={g.header.image} alt={g.header.alt} />
      <GovernanceBody />
    </>
  ),
  contact: () => (
    <>
      <PageHeader path="/contact" image={contact.header.image} alt={contact.header.alt} />
      <div className={`container ${contactStyles.layout}`}>
        <HeadOffice />
        <OfficeAccordion />
      </div>
      <div className="container">
        {/* The preview never asks the map's site (the editor's policy refuses frames). */}
        <MapConsent frame={false} />
      </div>
    </>
  ),
  privacy: () => (
    <>
      <PageIntro path="/privacy-statement" />
      <PrivacyText />
    </>
  ),
  careers: () => (
    <>
      <CareersWelcome />
      <VacancyCards vacancies={careers.vacancies} />
      {careers.vacancies.map((v) => (
        <VacancyPage key={v.slug} vacancy={v} />
      ))}
    </>
  ),
  site: () => (
    <>
      <Header pathname="/" />
      <main id="main" className="container">
        <p>{site.tagline}</p>
      </main>
      <Footer pathname="/" />
    </>
  ),
  pages: () => (
    <>
      {Object.keys(pagesJson)
        .filter((path) => path.startsWith("/"))
        .map((path) => (
          <SearchResult key={path} path={path} />
        ))}
    </>
  ),
};

/** The directory's cards in stored order (the island's filters need a page URL, so the preview shows the grid). */
function PeopleGrid() {
  return (
    <section className="container" aria-label={people.directory.heading}>
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
            <EmployeeCard person={personCard(e)} href={`/who-we-are/${e.id}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A page's title and description as a search engine lists them, then its heading and intro. */
function SearchResult({ path }: { path: string }) {
  const meta = pageMeta(path);
  return (
    <article className="container" style={{ marginBlock: "2rem" }}>
      <p style={{ fontSize: "0.875rem" }}>
        {site.url.replace(/\/$/, "")}
        {path === "/" ? "" : path}
      </p>
      <h2 style={{ margin: 0 }}>{meta.title}</h2>
      <p>{meta.description}</p>
      <PageIntro path={path} />
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
