// A page's <head>: title, description, canonical link, Open Graph and the Twitter card;
// layouts/Base.astro writes it.

export type MetaTag = { name: string; content: string } | { property: string; content: string };

export interface PageHead {
  title: string;
  meta: MetaTag[];
  /** Absolute URL of the page; absent on pages that must not be indexed. */
  canonical?: string;
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
  noindex?: boolean;
  /** og:locale, e.g. "en_GB". */
  locale?: string;
  image?: SeoImage;
}

export interface SeoImage {
  src: string;
  width: number;
  height: number;
  type: string;
  alt: string;
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

/** An image URL as link previews need it: absolute (root-relative ones on the site's origin). */
export function absoluteImageUrl(siteUrl: string, src: string): string {
  return src.startsWith("/") ? absoluteUrl(siteUrl, src) : src;
}

export function seo(input: SeoInput): PageHead {
  const title = fullTitle(input.title, input.siteName);
  const meta: MetaTag[] = [
    { name: "description", content: input.description },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:site_name", content: input.siteName },
    { property: "og:type", content: "website" },
  ];
  if (input.locale) meta.push({ property: "og:locale", content: input.locale });
  let canonical: string | undefined;
  if (input.noindex) {
    meta.push({ name: "robots", content: "noindex" });
  } else if (input.path !== undefined) {
    canonical = absoluteUrl(input.siteUrl, input.path);
    meta.push({ property: "og:url", content: canonical });
  }
  const image = input.image && {
    ...input.image,
    src: absoluteImageUrl(input.siteUrl, input.image.src),
  };
  if (image) {
    meta.push(
      { property: "og:image", content: image.src },
      { property: "og:image:type", content: image.type },
      { property: "og:image:width", content: String(image.width) },
      { property: "og:image:height", content: String(image.height) },
      { property: "og:image:alt", content: image.alt },
    );
  }
  meta.push(
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
  );
  if (image) {
    meta.push(
      { name: "twitter:image", content: image.src },
      { name: "twitter:image:alt", content: image.alt },
    );
  }
  return { title, meta, canonical, jsonLd: [] };
}
