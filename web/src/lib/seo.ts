// Builds the <head> every page needs: title, description, canonical link and
// Open Graph. Page shells pass the result to the layout (layouts/Base.astro),
// which is the one place that writes it into the document.

/** A <meta> tag: by name (description, robots, twitter:*) or by property (og:*). */
export type MetaTag = { name: string; content: string } | { property: string; content: string };

/** Everything a page puts in its <head> besides what every page shares. */
export interface PageHead {
  title: string;
  meta: MetaTag[];
  /** Absolute URL of the page; absent on pages that must not be indexed. */
  canonical?: string;
  /** Structured data (schema.org), each written as one application/ld+json block. */
  jsonLd: object[];
}

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

export function seo(input: SeoInput): PageHead {
  const title = fullTitle(input.title, input.siteName);
  const meta: MetaTag[] = [
    { name: "description", content: input.description },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:site_name", content: input.siteName },
    { property: "og:type", content: "website" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  let canonical: string | undefined;
  if (input.noindex) {
    meta.push({ name: "robots", content: "noindex" });
  } else if (input.path !== undefined) {
    canonical = absoluteUrl(input.siteUrl, input.path);
    meta.push({ property: "og:url", content: canonical });
  }
  if (input.image) {
    const image = input.image.startsWith("/")
      ? absoluteUrl(input.siteUrl, input.image)
      : input.image;
    meta.push({ property: "og:image", content: image });
  }
  return { title, meta, canonical, jsonLd: [] };
}
