// What the home page's team teaser needs at first: the `teaser` copy of
// content/people.json and the three people it prerenders (drawn at build time
// with sample(employees, 3, seededRng(2014)), so the same on every build and at
// hydration), with their photos. The rest of the pool, for the reshuffles,
// loads after hydration (~/lib/team-teaser-pool).
import type peopleJson from "#content/people.json";
import teaserJson from "virtual:content/people.json?pick=teaser";
import initialJson from "virtual:content/employees.json?pick=employees&fields=id,name,location,image&sample=3&seed=2014";
import initialMedia from "virtual:media/employees.json?pick=employees&fields=image&sample=3&seed=2014";
import { registerMedia } from "./media";
import type { Employee } from "./people";

registerMedia(initialMedia);

export type TeaserPerson = Pick<Employee, "id" | "name" | "location" | "image">;

export const teaserCopy = teaserJson as typeof peopleJson.teaser;

/** The prerendered set (the import above fixes its size, 3, and seed, 2014). */
export const initialTeaserSet = initialJson as TeaserPerson[];

/** Every employee in stored order, cut to what the teaser shows, with their photos. */
export function loadTeaserPool(): Promise<readonly TeaserPerson[]> {
  return import("./team-teaser-pool").then((m) => m.teaserPool);
}
