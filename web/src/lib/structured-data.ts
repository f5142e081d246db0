// schema.org data about the firm for the home page: the Organization and the WebSite.
import type { Office, Site } from "./content";
import { absoluteImageUrl, absoluteUrl } from "./seo";

type Json = Record<string, unknown>;

export function postalAddress(office: Office): Json {
  return {
    "@type": "PostalAddress",
    streetAddress: office.address,
    addressLocality: office.title,
    postalCode: office.zipCode,
    addressCountry: office.country,
  };
}

export function organizationId(siteUrl: string): string {
  return `${absoluteUrl(siteUrl, "/")}#organization`;
}

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
