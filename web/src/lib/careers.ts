// Job openings: the type of content/careers.json (its role texts are
// Markdown there; the build renders them to sanitised HTML as the module is
// bundled, see lib/safe-html.mjs) and the rules of the careers screens:
// preview, benefits heading and the JobPosting data.
import type { VacancyEntry } from "@/generated/content-entries";
import type careersJson from "#content/careers.json";
import type { Office } from "./content";
import type { Employee } from "./people";
import { absoluteUrl } from "./seo";
import { imageObject, postalAddress } from "./structured-data";
import { htmlToText, truncate } from "./truncate";

/**
 * A vacancy (content/careers/*.json, the type generated from its schema) as
 * the pages read it: `roleText` and `roleText2` are sanitised HTML, rendered
 * at build from their Markdown (lib/safe-html.mjs).
 */
export type Vacancy = Omit<VacancyEntry, "order">;

export type EmploymentType = Vacancy["employmentType"];

/** content/careers.json with the vacancies, as the careers screens read it. */
export type CareersContent = Omit<typeof careersJson, "$schema"> & { vacancies: Vacancy[] };

/** A vacancy's contact: the person of the directory it names. */
export type VacancyContact = Pick<Employee, "name" | "team" | "teamShown" | "email" | "image">;

/** The person a vacancy names as its contact, if the directory has them (the build checks it does). */
export function contactOf<P extends VacancyContact & Pick<Employee, "id">>(
  v: Pick<Vacancy, "contact">,
  people: readonly P[],
): P | undefined {
  return people.find((p) => p.id === v.contact);
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
  // The content check requires the text when the list is empty.
  return v.benefitsList.length === 0 && v.benefitsText !== undefined
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
