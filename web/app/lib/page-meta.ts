// The one helper route modules use for their `meta` export, so that every page
// reads its title and description from content and gets the same tags.
import type { MetaDescriptor } from "react-router";
import { pageMeta, site } from "./content";
import { seo } from "./seo";

/** Meta tags of a static page listed in content/pages.json. */
export function staticPageMeta(path: string): MetaDescriptor[] {
  const { title, description } = pageMeta(path);
  return seo({ title, description, path, siteName: site.name, siteUrl: siteUrl() });
}

/** Meta tags of a record page (an employee, a vacancy). */
export function recordPageMeta(path: string, title: string, description: string): MetaDescriptor[] {
  return seo({ title, description, path, siteName: site.name, siteUrl: siteUrl() });
}

/** Meta tags of the 404 page: never indexed, no canonical. */
export function notFoundMeta(): MetaDescriptor[] {
  return seo({
    title: site.notFound.title,
    description: site.notFound.text,
    siteName: site.name,
    siteUrl: siteUrl(),
    noindex: true,
  });
}

/** Origin used in canonical links: SITE_URL at build time, else content/site.json. */
export function siteUrl(): string {
  return import.meta.env.VITE_SITE_URL || site.url;
}
