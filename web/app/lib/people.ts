// Typed access to the people content: content/people.json (teams in sort
// order, page copy, labels) and, for the directory, each person in
// content/employees.json cut to what a card shows (the biographies, contact
// details and popup photos are ~/lib/employees, loaded by the popup route).
// Both files are validated at build (schemas + scripts/content-checks/people.mjs).
import peopleJson from "#content/people.json";
import cardsJson from "virtual:content/employees.json?pick=employees&fields=id,name,image,imageMobile,team,teamShown,location";
import cardsMedia from "virtual:media/employees.json?pick=employees&fields=image,imageMobile";
import peopleMedia from "virtual:media/people.json";
import { registerMedia } from "./media";
import { site } from "./content";

registerMedia(cardsMedia);
registerMedia(peopleMedia);

export interface Employee {
  id: number;
  name: string;
  /** Image names (content/media/images/<name>.jpg): card, mobile card, popup. */
  image: string;
  imageMobile: string;
  imageDesktop: string;
  team: string[];
  /** Displayed title; empty means the team list joined by commas. */
  teamShown: string;
  location: string;
  description: string;
  email?: string;
  linkedin?: string;
  liv?: string;
}

export type PeopleContent = Omit<typeof peopleJson, "$schema">;

/** What a directory card (and the quote's caption) shows of a person. */
export type DirectoryEmployee = Pick<
  Employee,
  "id" | "name" | "image" | "imageMobile" | "team" | "teamShown" | "location"
>;

/** Every employee in stored order, cut to what a card shows. */
export const directoryEmployees = cardsJson as readonly DirectoryEmployee[];

export const people: PeopleContent = peopleJson;

/** Team names in the directory's sort order. */
export const teams: readonly string[] = people.teams;

/** Locations: the office cities, in the order of content/site.json. */
export const locations: readonly string[] = site.offices.map((o) => o.title);

/** The person in `list` with the id in a route parameter, or undefined for anything else. */
export function findById<T extends { id: number }>(
  list: readonly T[],
  param: string | undefined,
): T | undefined {
  if (param === undefined || !/^\d{1,9}$/.test(param)) return undefined;
  const id = Number(param);
  return list.find((e) => e.id === id);
}

/** The "{count} people" line. */
export function resultCount(count: number): string {
  return count === 1
    ? people.directory.resultOne
    : people.directory.resultMany.replace("{count}", String(count));
}
