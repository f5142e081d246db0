// The one helper page shells use for their head, so that every page reads its
// title and description from content and gets the same tags, its own share
// image (scripts/build-share-images.mjs) among them. Build time only: the
// editor's previews draw pages' bodies, never their heads.
import pagesJson from "#content/pages.json";
import siteJson from "#content/site.json";
import { jobPosting, type Vacancy } from "./careers";
import { pageMeta, type Site } from "./content";
import { seo, type PageHead } from "./seo";
import { shareImage, shareLogo } from "./share-manifest";
import { truncate } from "./truncate";
import { organization, webSite } from "./structured-data";

const site: Site = siteJson;

/** Head of a static page listed in content/pages.json. */
export function staticPageHead(path: string): PageHead {
  const { title, description } = pageMeta(pagesJson, path);
  return recordPageHead(path, title, description);
}

/** Head of the home page: a static page that also names the firm and the site for search engines. */
export function homePageHead(): PageHead {
  const head = staticPageHead("/");
  head.jsonLd.push(organization(site, siteUrl(), shareLogo()), webSite(site, siteUrl()));
  return head;
}

/** Head of a record page (an employee, a vacancy). */
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

/** Head of the 404 page: never indexed, no canonical. Its card is at "/404" (notFoundPath of scripts/paths.mjs). */
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

/** Origin used in canonical links: `site` of astro.config.mjs (SITE_URL at build time, else content/site.json). */
export function siteUrl(): string {
  return import.meta.env.SITE ?? site.url;
}

/** Characters of a vacancy page's meta description. */
export const DESCRIPTION_LENGTH = 155;

/**
 * The head of /careers/{slug}: title "{title}, {location}", the header text as
 * description, and the vacancy's JobPosting as structured data (when its
 * office is known: search engines require the job's location).
 */
export function vacancyPageHead(v: Vacancy): PageHead {
  const head = recordPageHead(
    `/careers/${v.slug}`,
    `${v.title}, ${v.location}`,
    truncate(v.headerText, DESCRIPTION_LENGTH, "…").text,
  );
  const office = site.offices.find((o) => o.id === v.office);
  if (office) {
    const org = {
      name: site.name,
      url: siteUrl(),
      sameAs: site.social.linkedinCompany,
      logo: shareLogo(),
    };
    head.jsonLd.push(jobPosting(v, org, office, siteUrl()));
  }
  return head;
}
