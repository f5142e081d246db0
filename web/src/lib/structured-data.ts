// schema.org structured data about the firm, from content/site.json: the
// Organization (name, logo, founding date, offices, phone, LinkedIn page) and
// the WebSite (the site's name in search results), both on the home page, as
// Google's guidance asks. The vacancy pages' JobPosting is in ./careers.
import type { Office, Site } from "./content";
import { absoluteImageUrl, absoluteUrl } from "./seo";

type Json = Record<string, unknown>;

/** An office as a schema.org PostalAddress. */
export function postalAddress(office: Office): Json {
  return {
    "@type": "PostalAddress",
    streetAddress: office.address,
    addressLocality: office.title,
    postalCode: office.zipCode,
    addressCountry: office.country,
  };
}

/** The node id of the firm, so that other data can refer to it. */
export function organizationId(siteUrl: string): string {
  return `${absoluteUrl(siteUrl, "/")}#organization`;
}

/** A logo as a schema.org ImageObject with an absolute URL. */
export function imageObject(
  siteUrl: string,
  logo: { src: string; width: number; height: number },
): Json {
  return {
    "@type": "ImageObject",
    url: absoluteImageUrl(siteUrl, logo.src),
    width: logo.width,
    height: logo.height,
  };
}

/**
 * The firm as a schema.org Organization: name, url, logo, description,
 * founding date, every office as a postal address, the phone as a contact
 * point and the LinkedIn page in sameAs.
 */
export function organization(
  site: Site,
  siteUrl: string,
  logo: { src: string; width: number; height: number },
): Json {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId(siteUrl),
    name: site.name,
    alternateName: site.shortName,
    url: absoluteUrl(siteUrl, "/"),
    logo: imageObject(siteUrl, logo),
    description: site.description,
    foundingDate: site.foundingDate,
    email: site.email.general,
    telephone: site.phone,
    address: site.offices.map(postalAddress),
    contactPoint: {
      "@type": "ContactPoint",
      telephone: site.phone,
      email: site.email.general,
      contactType: "customer service",
    },
    sameAs: [site.social.linkedinCompany],
  };
}

/** The site as a schema.org WebSite: its name (and short name) for search results, published by the firm. */
export function webSite(site: Site, siteUrl: string): Json {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${absoluteUrl(siteUrl, "/")}#website`,
    name: site.name,
    alternateName: site.shortName,
    url: absoluteUrl(siteUrl, "/"),
    inLanguage: site.locale,
    publisher: { "@id": organizationId(siteUrl) },
  };
}
