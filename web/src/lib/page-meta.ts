// Page shells' heads, from content and each page's share image. Build time only.
import pagesJson from "#content/pages.json";
import siteJson from "#content/site.json";
import { jobPosting, type Vacancy } from "./careers";
import { pageMeta, type Site } from "./content";
import { seo, type PageHead } from "./seo";
import { shareImage, shareLogo } from "./share-manifest";
import { truncate } from "./truncate";
import { organization, webSite } from "./structured-data";

const site: Site = siteJson;

/** Head of a page listed in content/pages.json. */
export function staticPageHead(path: string): PageHead {
  const { title, description } = pageMeta(pagesJson, path);
  return recordPageHead(path, title, description);
}

export function homePageHead(): PageHead {
  const head = staticPageHead("/");
  head.jsonLd.push(organization(site, siteUrl(), shareLogo()), webSite(site, siteUrl()));
  return head;
}

export function recordPageHead(path: string, title: string, description: string): PageHead {
  return seo({
    title,
    description,
    path,
    siteName: site.name,
    siteUrl: siteUrl(),
    locale: site.ogLocale,
    image: shareImage(path),
  });
}

/** Head of the 404 page: never indexed, no canonical. */
export function notFoundHead(): PageHead {
  return seo({
    title: site.notFound.title,
    description: site.notFound.text,
    siteName: site.name,
    siteUrl: siteUrl(),
    noindex: true,
    locale: site.ogLocale,
    image: shareImage("/404"),
  });
}

/** Origin of canonical links: astro.config.mjs's `site`. */
export function siteUrl(): string {
  return import.meta.env.SITE ?? site.url;
}

export const DESCRIPTION_LENGTH = 155;

/** /careers/{slug}: "{title}, {location}", and JobPosting data when its office is known. */
export function vacancyPageHead(v: Vacancy): PageHead {
  const head = recordPageHead(
    `/careers/${v.slug}`,
    `${v.title}, ${v.location}`,
    truncate(v.headerText, DESCRIPTION_LENGTH, "…").text,
  );
  const office = site.offices.find((o) => o.id === v.office);
  if (office) {
    const org = { name: site.name, url: siteUrl(), sameAs: site.social.linkedinCompany };
    head.jsonLd.push(jobPosting(v, { ...org, logo: shareLogo() }, office, siteUrl()));
  }
  return head;
}
