// Pure logic of the people directory, the employee popup and the home team teaser.

export interface DirectoryPerson {
  id: number;
  name: string;
  team: readonly string[];
  location: string;
}

/** The directory filter: name text and the selected locations and teams (lower case). */
export interface DirectoryFilter {
  text: string;
  locations: readonly string[];
  teams: readonly string[];
}

export const emptyFilter: DirectoryFilter = { text: "", locations: [], teams: [] };

export function isEmptyFilter(filter: DirectoryFilter): boolean {
  return filter.text.trim() === "" && filter.locations.length === 0 && filter.teams.length === 0;
}

/** Name contains the text, location and some team selected (an empty selection means all). */
export function matches(person: DirectoryPerson, filter: DirectoryFilter): boolean {
  const text = filter.text.trim().toLowerCase();
  if (text && !person.name.toLowerCase().includes(text)) return false;
  if (filter.locations.length > 0 && !filter.locations.includes(person.location.toLowerCase()))
    return false;
  if (filter.teams.length > 0 && !person.team.some((t) => filter.teams.includes(t.toLowerCase())))
    return false;
  return true;
}

/** Sorted by first team in `teamOrder` (unknown last), stable. */
export function sortByFirstTeam<T extends DirectoryPerson>(
  people: readonly T[],
  teamOrder: readonly string[],
): T[] {
  const rank = (p: T) => {
    const i = p.team[0] === undefined ? -1 : teamOrder.indexOf(p.team[0]);
    return i < 0 ? teamOrder.length : i;
  };
  return people
    .map((p, i) => ({ p, i, r: rank(p) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ p }) => p);
}

/** The directory as shown: filtered, then sorted by first team. */
export function directory<T extends DirectoryPerson>(
  people: readonly T[],
  filter: DirectoryFilter,
  teamOrder: readonly string[],
): T[] {
  return sortByFirstTeam(
    people.filter((p) => matches(p, filter)),
    teamOrder,
  );
}

export function toggle(selection: readonly string[], value: string): string[] {
  return selection.includes(value) ? selection.filter((v) => v !== value) : [...selection, value];
}

/** A name as it appears in the URL: "Operations & Support" -> "operations-support". */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export const queryKeys = { text: "q", location: "location", team: "team" } as const;

/** The filter as a query: `q`, then `location` and `team` slugs in the known lists' order (one URL per filter). */
export function filterToQuery(
  filter: DirectoryFilter,
  known: { locations: readonly string[]; teams: readonly string[] },
): URLSearchParams {
  const params = new URLSearchParams();
  const text = filter.text.trim();
  if (text) params.set(queryKeys.text, filter.text);
  for (const l of known.locations)
    if (filter.locations.includes(l.toLowerCase())) params.append(queryKeys.location, slugify(l));
  for (const t of known.teams)
    if (filter.teams.includes(t.toLowerCase())) params.append(queryKeys.team, slugify(t));
  return params;
}

/** The filter a query describes; unknown locations and teams are ignored. */
export function queryToFilter(
  params: URLSearchParams,
  known: { locations: readonly string[]; teams: readonly string[] },
): DirectoryFilter {
  const pick = (key: string, names: readonly string[]) => {
    const wanted = new Set(params.getAll(key).map(slugify));
    return names.filter((n) => wanted.has(slugify(n))).map((n) => n.toLowerCase());
  };
  return {
    text: params.get(queryKeys.text) ?? "",
    locations: pick(queryKeys.location, known.locations),
    teams: pick(queryKeys.team, known.teams),
  };
}

export const initialCount = 8;
export const loadMoreStep = 10;

export function nextCount(shown: number, total: number, step = loadMoreStep): number {
  return Math.min(total, shown + step);
}

export function hasMore(shown: number, total: number): boolean {
  return shown < total;
}

/** The neighbours of an id in the stored (not the filtered) list. */
export function neighbours<T extends { id: number }>(
  list: readonly T[],
  id: number,
): { previous?: T; next?: T } {
  const i = list.findIndex((p) => p.id === id);
  if (i < 0) return {};
  return { previous: list[i - 1], next: list[i + 1] };
}

/** The displayed team title, else the teams joined by commas. */
export function teamLine(person: { team: readonly string[]; teamShown: string }): string {
  return person.teamShown.trim() || person.team.join(", ");
}

/** A person's page title (before the firm's name): "Name, team line". */
export function personTitle(person: {
  name: string;
  team: readonly string[];
  teamShown: string;
}): string {
  return `${person.name}, ${teamLine(person)}`;
}

export function countLabel(
  count: number,
  labels: { resultOne: string; resultMany: string },
): string {
  return count === 1 ? labels.resultOne : labels.resultMany.replace("{count}", String(count));
}

/** What a screen reader hears after Load more: "10 more shown, 18 of 70 people". */
export function moreShownLabel(
  added: number,
  shown: number,
  total: number,
  labels: { moreShown: string; resultOne: string; resultMany: string },
): string {
  return labels.moreShown
    .replace("{added}", String(added))
    .replace("{shown}", String(shown))
    .replace("{total}", countLabel(total, labels));
}

/** The id in /who-we-are/{id}, else null. */
export function popupIdFromPath(pathname: string): number | null {
  const m = /^\/who-we-are\/(\d{1,9})\/?$/.exec(pathname);
  return m ? Number(m[1]) : null;
}

/** A random number in [0, 1), like Math.random. */
export type Rng = () => number;

/** `n` different people at random, none of `avoid` when the list allows (a reshuffle shows a change). */
export function sample<T>(list: readonly T[], n: number, rng: Rng, avoid: readonly T[] = []): T[] {
  const fresh = list.filter((p) => !avoid.includes(p));
  const pool = fresh.length >= n ? fresh : [...list];
  const out: T[] = [];
  for (let k = 0; k < n && pool.length > 0; k++) {
    const i = Math.min(pool.length - 1, Math.floor(rng() * pool.length));
    out.push(...pool.splice(i, 1));
  }
  return out;
}

/** A small seeded generator (mulberry32), for the fixed set in the prerendered HTML and for tests. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
