// Job openings: the type of content/careers.json (its role texts are
// Markdown there; the build renders them to sanitised HTML as the module is
// bundled, see scripts/safe-html.mjs) and the rules of the careers screens:
// preview, benefits heading and the JobPosting data.
import type careersJson from "#content/careers.json";
import type { Office } from "./content";
import { absoluteUrl } from "./seo";
import { imageObject, postalAddress } from "./structured-data";
import { htmlToText, truncate } from "./truncate";

export type EmploymentType =
  | "FULL_TIME"
  | "PART_TIME"
  | "CONTRACTOR"
  | "TEMPORARY"
  | "INTERN"
  | "VOLUNTEER"
  | "PER_DIEM"
  | "OTHER";

export interface Vacancy {
  id: number;
  slug: string;
  title: string;
  /** Shown on cards and in the header. */
  location: string;
  /** Id of the office in site.json: the job location for search engines. */
  office: string;
  employmentType: EmploymentType;
  /** ISO date (yyyy-mm-dd). */
  datePosted: string;
  validThrough?: string;
  overviewImage: string;
  /** Card preview; when absent, the role text is used. */
  previewText?: string;
  headerImage: string;
  headerText: string;
  roleImage: string;
  roleImageAlt: string;
  /** Sanitised HTML, rendered at build from the Markdown in content/careers.json. */
  roleText: string;
  roleImage2?: string;
  roleImage2Alt?: string;
  /** Sanitised HTML, rendered at build from the Markdown in content/careers.json. */
  roleText2?: string;
  profileImageMobile: string;
  profileImageTablet: string;
  profileImageDesktop: string;
  profileImageAlt: string;
  profileText: string;
  requirements: string[];
  personalAttributes?: string[];
  benefitsText: string;
  benefitsList: string[];
  contactName: string;
  contactFunction: string;
  contactEmail: string;
  contactImage: string;
}

export type CareersContent = Omit<typeof careersJson, "vacancies"> & { vacancies: Vacancy[] };

/**
 * content/careers.json as the careers screens read it. Only the types narrow:
 * the build has validated the file against its schema (employmentType is one
 * of the schema's values).
 */
export function parseCareers(json: typeof careersJson): CareersContent {
  return json as CareersContent;
}

/** Characters of the preview on a vacancy card. */
export const PREVIEW_LENGTH = 150;

/**
 * The card preview (decisions.md): the vacancy's previewText when set, else its
 * role text without HTML; over 150 characters it is cut to 150 plus " ...".
 */
export function vacancyPreview(v: Pick<Vacancy, "previewText" | "roleText">): string {
  const source = v.previewText ?? htmlToText(v.roleText);
  return truncate(source, PREVIEW_LENGTH, " ...").text;
}

/** Which benefits block a vacancy shows: free text under one heading, or the list under another. */
export function benefits(
  v: Pick<Vacancy, "benefitsList" | "benefitsText">,
  headings: { text: string; list: string },
):
  | { heading: string; kind: "text"; text: string }
  | { heading: string; kind: "list"; items: string[] } {
  return v.benefitsList.length === 0
    ? { heading: headings.text, kind: "text", text: v.benefitsText }
    : { heading: headings.list, kind: "list", items: v.benefitsList };
}

/** Plain text as HTML text content. */
const escapeText = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * schema.org JobPosting for a vacancy, with the fields search engines require
 * (title, description, datePosted, hiringOrganization, jobLocation) and
 * recommend (employmentType, validThrough, identifier, url, the hiring
 * organisation's logo).
 */
export function jobPosting(
  v: Vacancy,
  org: {
    name: string;
    url: string;
    sameAs?: string;
    logo?: { src: string; width: number; height: number };
  },
  office: Office,
  siteUrl: string,
): Record<string, unknown> {
  const description = [
    `<p>${escapeText(v.headerText)}</p>`,
    v.roleText,
    v.roleText2 ?? "",
    `<p>${escapeText(v.profileText)}</p>`,
    `<ul>${v.requirements.map((r) => `<li>${escapeText(r)}</li>`).join("")}</ul>`,
  ].join("");
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: v.title,
    description,
    identifier: { "@type": "PropertyValue", name: org.name, value: String(v.id) },
    datePosted: v.datePosted,
    ...(v.validThrough ? { validThrough: v.validThrough } : {}),
    employmentType: v.employmentType,
    hiringOrganization: {
      "@type": "Organization",
      name: org.name,
      sameAs: org.sameAs ?? org.url,
      ...(org.logo ? { logo: imageObject(siteUrl, org.logo) } : {}),
    },
    jobLocation: { "@type": "Place", address: postalAddress(office) },
    url: absoluteUrl(siteUrl, `/careers/${v.slug}`),
  };
}
