import { describe, expect, it } from "vitest";
import siteJson from "#content/site.json";
import type { Site } from "./content";
import { organization, organizationId, postalAddress, webSite } from "./structured-data";

const site: Site = siteJson;
const logo = { src: "/media/share/logo.0a1b2c3d.png", width: 512, height: 512 };

describe("organization", () => {
  const org = organization(site, "https://firm.example", logo);

  it("names the firm with its url, logo, description and founding date", () => {
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": "https://firm.example/#organization",
      name: site.name,
      alternateName: site.shortName,
      url: "https://firm.example/",
      logo: {
        "@type": "ImageObject",
        url: "https://firm.example/media/share/logo.0a1b2c3d.png",
        width: 512,
        height: 512,
      },
      description: site.description,
      foundingDate: site.foundingDate,
    });
  });

  it("lists every office as a postal address, in the order of site.json", () => {
    const addresses = org.address as Record<string, string>[];
    expect(addresses).toHaveLength(site.offices.length);
    expect(addresses.map((a) => a.addressLocality)).toEqual(site.offices.map((o) => o.title));
    expect(addresses[0]).toEqual({
      "@type": "PostalAddress",
      streetAddress: site.offices[0]!.address,
      addressLocality: site.offices[0]!.title,
      postalCode: site.offices[0]!.zipCode,
      addressCountry: site.offices[0]!.country,
    });
  });

  it("gives the phone as a contact point and the LinkedIn page in sameAs", () => {
    expect(org.telephone).toBe(site.phone);
    expect(org.contactPoint).toMatchObject({ "@type": "ContactPoint", telephone: site.phone });
    expect(org.sameAs).toEqual([site.social.linkedinCompany]);
  });

  it("follows the site URL it is given", () => {
    const other = organization(site, "https://www.other.example/", logo);
    expect(other.url).toBe("https://www.other.example/");
    expect((other.logo as { url: string }).url).toBe(
      "https://www.other.example/media/share/logo.0a1b2c3d.png",
    );
  });
});

describe("webSite", () => {
  it("names the site, in its language, published by the organisation", () => {
    expect(webSite(site, "https://firm.example")).toEqual({
      "@context": "https://schema.org",
      "@type": "WebSite",
      "@id": "https://firm.example/#website",
      name: site.name,
      alternateName: site.shortName,
      url: "https://firm.example/",
      inLanguage: site.locale,
      publisher: { "@id": organizationId("https://firm.example") },
    });
  });
});

describe("postalAddress", () => {
  it("maps an office's fields", () => {
    expect(
      postalAddress({
        id: "x",
        title: "Dublin",
        subtitle: "",
        country: "Ireland",
        address: "1 Street",
        zipCode: "D02",
      }),
    ).toEqual({
      "@type": "PostalAddress",
      streetAddress: "1 Street",
      addressLocality: "Dublin",
      postalCode: "D02",
      addressCountry: "Ireland",
    });
  });
});
