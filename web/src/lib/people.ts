// Typed access to the people content: content/people.json (teams in sort
// order, page copy, labels) and content/employees.json. Both files are
// validated at build (schemas + scripts/content-checks/rules.mjs). Build time
// only: the directory island gets the people it shows as props (the types
// below, imported with `import type`, are all an island takes from here).
import peopleJson from "#content/people.json";
import employeesJson from "#content/employees.json";
import { site } from "./content";
import type { ImageMedia } from "./media";
import { image } from "./media-manifest";

export interface Employee {
  id: number;
  name: string;
  /** Image file names (content/media/images/<name>.jpg): card, mobile card, popup. */
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

/** A directory card: what the card shows, with its photos resolved. */
export interface PersonCard extends Pick<
  Employee,
  "id" | "name" | "team" | "teamShown" | "location"
> {
  /** Card photo from 768 px. */
  image: ImageMedia;
  /** Card photo under 768 px. */
  imageMobile: ImageMedia;
}

/** What only the popup shows of a person. */
export interface PersonDetails extends Pick<
  Employee,
  "id" | "description" | "email" | "linkedin" | "liv"
> {
  /** The popup's photo. */
  imageDesktop: ImageMedia;
}

/** The labels the directory island shows. */
export type DirectoryLabels = PeopleContent["directory"];
export type PopupLabels = PeopleContent["popup"];

/** Every employee in stored order (the order previous/next follow). */
export const employees: readonly Employee[] = employeesJson.employees;

export const people: PeopleContent = peopleJson;

/** Team names in the directory's sort order. */
export const teams: readonly string[] = people.teams;

/** Locations: the office cities, in the order of content/site.json. */
export const locations: readonly string[] = site.offices.map((o) => o.title);

/** A person as a directory card, photos resolved from the media manifest. */
export function personCard(e: Employee): PersonCard {
  const { id, name, team, teamShown, location } = e;
  return {
    id,
    name,
    team,
    teamShown,
    location,
    image: image(e.image),
    imageMobile: image(e.imageMobile),
  };
}

/** What the popup adds to a person's card, photo resolved. Empty links are left out. */
export function personDetails(e: Employee): PersonDetails {
  const details: PersonDetails = {
    id: e.id,
    description: e.description,
    imageDesktop: image(e.imageDesktop),
  };
  if (e.email) details.email = e.email;
  if (e.linkedin) details.linkedin = e.linkedin;
  if (e.liv) details.liv = e.liv;
  return details;
}
