// What the career teasers on other screens need from content/careers.json:
// the teaser copy and each vacancy's slug, title, location and card photo (with
// its media), not the vacancy pages' texts. The careers screens use ~/lib/careers.
import type { CareersContent, Vacancy } from "./careers";
import copyJson from "virtual:content/careers.json?pick=page&fields=teasers,loadingText";
import cardsJson from "virtual:content/careers.json?pick=vacancies&fields=slug,title,location,overviewImage";
import cardsMedia from "virtual:media/careers.json?pick=vacancies&fields=overviewImage";
import { registerMedia } from "./media";
import { truncate } from "./truncate";

registerMedia(cardsMedia);

export type VacancyTeaser = Pick<Vacancy, "slug" | "title" | "location" | "overviewImage">;

export const teaserCopy = copyJson as Pick<CareersContent["page"], "teasers" | "loadingText">;

/** Every vacancy in stored order, cut to what a teaser card shows. */
export const vacancyTeasers = cardsJson as readonly VacancyTeaser[];

/** Characters of a title on a teaser card (spec section 9). */
export const TEASER_TITLE_LENGTH = 20;

/** A teaser card title: over 20 characters it is cut to 20 plus an ellipsis. */
export function teaserTitle(title: string) {
  return truncate(title, TEASER_TITLE_LENGTH, "…");
}
