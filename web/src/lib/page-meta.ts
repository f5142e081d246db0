// The one helper page shells use for their head, so that every page reads its
// title and description from content and gets the same tags.
import { pageMeta, site } from "./content";
import { seo, type PageHead } from "./seo";

/** Head of a static page listed in content/pages.json. */
export function staticPageHead(path: string): PageHead {
  const { title, description } = pageMeta(path);
  return seo({ title, description, path, siteName: site.name, siteUrl: siteUrl() });
}

/** Head of a record page (an employee, a vacancy). */
export function recordPageHead(path: string, title: string, description: string): PageHead {
  return seo({ title, description, path, siteName: site.name, siteUrl: siteUrl() });
}

/** Head of the 404 page: never indexed, no canonical. */
export function notFoundHead(): PageHead {
  return seo({
    title: site.notFound.title,
    description: site.notFound.text,
    siteName: site.name,
    siteUrl: siteUrl(),
    noindex: true,
  });
}

/** Origin used in canonical links: `site` of astro.config.mjs (SITE_URL at build time, else content/site.json). */
export function siteUrl(): string {
  return import.meta.env.SITE ?? site.url;
}
