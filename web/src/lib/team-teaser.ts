// The home page's team teaser: the three people it prerenders and the pool it
// reshuffles from (3 employees, a new set every 8000 ms). The
// first set is drawn at build time with sample(pool, 3, seededRng(2014)), so it
// is the same on every build. No content imports: the island imports the
// constants, and its shell (components/people/TeamTeaser.astro) builds the pool.
import { sample, seededRng } from "./directory";
import type { ImageMedia } from "./media";

/** What the teaser shows of a person: name, office and card photo (resolved). */
export interface TeaserPerson {
  id: number;
  name: string;
  location: string;
  image: ImageMedia;
}

/** Size of a teaser set, the seed of the prerendered one, and the reshuffle period. */
export const TEASER_SIZE = 3;
export const TEASER_SEED = 2014;
export const TEASER_INTERVAL_MS = 8000;

/** Every employee cut to what the teaser shows, the photo resolved by `resolve`. */
export function teaserPool(
  employees: readonly { id: number; name: string; location: string; image: string }[],
  resolve: (name: string) => ImageMedia,
): TeaserPerson[] {
  return employees.map(({ id, name, location, image }) => ({
    id,
    name,
    location,
    image: resolve(image),
  }));
}

/** The set the page prerenders (the same on every build). */
export function initialTeaserSet<T>(pool: readonly T[]): T[] {
  return sample(pool, TEASER_SIZE, seededRng(TEASER_SEED));
}
