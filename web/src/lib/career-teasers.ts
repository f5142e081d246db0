// What the career teasers on other screens show of content/careers.json.
import type { CareersContent, Vacancy } from "./careers";
import { truncate } from "./truncate";

export type VacancyTeaser = Pick<
  Vacancy,
  "slug" | "title" | "location" | "overviewImage" | "headerImage"
>;
export type TeaserCopy = CareersContent["page"]["teasers"];

export const TEASER_TITLE_LENGTH = 20;

/** A teaser card title: over 20 characters it is cut to 20 plus an ellipsis. */
export function teaserTitle(title: string) {
  return truncate(title, TEASER_TITLE_LENGTH, "…");
}
