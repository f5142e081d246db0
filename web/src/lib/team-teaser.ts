// The home page's team teaser: its copy (the `teaser` part of
// content/people.json), the three people it prerenders and the pool it
// reshuffles from. The first set is drawn at build time with
// sample(employees, 3, seededRng(2014)), so it is the same on every build.
import peopleJson from "#content/people.json";
import { sample, seededRng } from "./directory";
import type { Employee } from "./people";

export type TeaserPerson = Pick<Employee, "id" | "name" | "location" | "image">;

export const teaserCopy = peopleJson.teaser;

/** Size of a teaser set and the seed of the prerendered one. */
export const TEASER_SIZE = 3;
export const TEASER_SEED = 2014;

/** Every employee cut to what the teaser shows. */
export function teaserPool(employees: readonly Employee[]): TeaserPerson[] {
  return employees.map(({ id, name, location, image }) => ({ id, name, location, image }));
}

/** The set the page prerenders (the same on every build). */
export function initialTeaserSet<T>(pool: readonly T[]): T[] {
  return sample(pool, TEASER_SIZE, seededRng(TEASER_SEED));
}
