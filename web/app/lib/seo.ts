// Builds the <head> tags every page needs: title, description, canonical link
// and Open Graph. Route modules call this from their `meta` export.
import type { MetaDescriptor } from "react-router";

export interface SeoInput {
  /** Page title without the firm's name; the home page passes the full title. */
  title: string;
  description: string;
  /** Path of the page, e.g. "/careers"; omitted for pages that must not be indexed. */
  path?: string;
  siteName: string;
  siteUrl: string;
  /** Keeps the page out of search results (the 404 page). */
  noindex?: boolean;
  /** Absolute or root-relative image for link previews. */
  image?: string;
}

/** Joins the page title and the firm's name, unless the title already names the firm. */
export function fullTitle(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/** Absolute URL of a path on the site, without a trailing slash except for the root. */
export function absoluteUrl(siteUrl: string, path: string): string {
  const base = siteUrl.replace(/\/+$/, "");
  return path === "/" ? `${base}/` : `${base}${path}`;
}

export function seo(input: SeoInput): MetaDescriptor[] {
  const title = fullTitle(input.title, input.siteName);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:site_name", content: input.siteName },
    { property: "og:type", content: "website" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (input.noindex) {
    tags.push({ name: "robots", content: "noindex" });
  } else if (input.path !== undefined) {
    const url = absoluteUrl(input.siteUrl, input.path);
    tags.push(
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:url", content: url },
    );
  }
  if (input.image) {
    const image = input.image.startsWith("/")
      ? absoluteUrl(input.siteUrl, input.image)
      : input.image;
    tags.push({ property: "og:image", content: image });
  }
  return tags;
}
