// The people content: the types of content/people.json (teams in sort order,
// page copy, labels) and the people of content/people/, and what the directory
// island shows of a person. Both are validated at build (schemas +
// lib/content-checks/rules.mjs). The island gets the people it shows as
// props, photos resolved by whoever calls (the build's manifest in the page
// shell, the uploads too in the editor's preview).
import type { Person } from "@/generated/content-entries";
import type peopleJson from "#content/people.json";
import type { Site } from "./content";
import type { ImageMedia } from "./media";

/** A person of the directory (content/people/*.json), in the type generated from its schema. */
export type Employee = Omit<Person, "order">;

export type PeopleContent = Omit<typeof peopleJson, "$schema">;

/** A directory card: what the card shows, with its photos resolved. */
export interface PersonCard extends Pick<
  Employee,
  "id" | "name" | "team" | "teamShown" | "location"
> {
  /** The portrait: the card's and the popup's photo, each cut to its box. */
  image: ImageMedia;
}

/** What only the popup shows of a person. */
export type PersonDetails = Pick<Employee, "id" | "description" | "email" | "linkedin" | "liv">;

/** The labels the directory island shows. */
export type DirectoryLabels = PeopleContent["directory"];
export type PopupLabels = PeopleContent["popup"];

/** Resolves an image file name to its variants. */
type ImageOf = (file: string) => ImageMedia;

/** Locations: the office cities, in the order of content/site.json. */
export function locations(site: Pick<Site, "offices">): string[] {
  return site.offices.map((o) => o.title);
}

/** A person as a directory card, photos resolved. */
export function personCard(e: Employee, image: ImageOf): PersonCard {
  const { id, name, team, teamShown, location } = e;
  return {
    id,
    name,
    team,
    teamShown,
    location,
    image: image(e.image),
  };
}

/** What the popup adds to a person's card. Empty links are left out. */
export function personDetails(e: Employee): PersonDetails {
  const details: PersonDetails = { id: e.id, description: e.description };
  if (e.email) details.email = e.email;
  if (e.linkedin) details.linkedin = e.linkedin;
  if (e.liv) details.liv = e.liv;
  return details;
}
