// The home page's team teaser: 3 people, seeded at build, reshuffled every 8 s.
import { sample, seededRng } from "./directory";
import type { ImageMedia } from "./media";

export interface TeaserPerson {
  id: number;
  name: string;
  location: string;
  image: ImageMedia;
}

export const TEASER_SIZE = 3;
export const TEASER_SEED = 2014;
export const TEASER_INTERVAL_MS = 8000;

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
