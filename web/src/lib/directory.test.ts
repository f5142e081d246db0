import { describe, expect, it } from "vitest";
import {
  directory,
  emptyFilter,
  filterToQuery,
  hasMore,
  initialCount,
  isEmptyFilter,
  matches,
  neighbours,
  nextCount,
  countLabel,
  moreShownLabel,
  personTitle,
  popupIdFromPath,
  queryToFilter,
  sample,
  seededRng,
  sortByFirstTeam,
  teamLine,
  toggle,
  type DirectoryFilter,
} from "./directory";

const teams = ["Management Team", "Finance", "Investments", "Operations & Support"];
const locations = ["Amsterdam", "Dublin", "Copenhagen", "Helsinki"];
const people = [
  { id: 3, name: "Bram Hendriks", team: ["Investments"], location: "Amsterdam" },
  { id: 5, name: "Siobhán Gallagher", team: ["Management Team", "Finance"], location: "Dublin" },
  { id: 9, name: "Marieke Vos", team: ["Operations & Support"], location: "Amsterdam" },
  { id: 12, name: "Aoife Kennedy", team: ["Finance", "Investments"], location: "Dublin" },
  { id: 20, name: "Maarten van Veldhoven", team: ["Management Team"], location: "Amsterdam" },
  { id: 21, name: "Ville Mäkinen", team: ["Investments"], location: "Helsinki" },
];
const f = (part: Partial<DirectoryFilter>): DirectoryFilter => ({ ...emptyFilter, ...part });
const ids = (list: readonly { id: number }[]) => list.map((p) => p.id);

describe("matches / directory", () => {
  it("shows everyone, sorted by first team, for an empty filter", () => {
    expect(isEmptyFilter(emptyFilter)).toBe(true);
    expect(ids(directory(people, emptyFilter, teams))).toEqual([5, 20, 12, 3, 21, 9]);
  });

  it("matches a partial name in any case, ignoring surrounding spaces", () => {
    expect(ids(directory(people, f({ text: "  mAa " }), teams))).toEqual([20]);
    expect(ids(directory(people, f({ text: "EN" }), teams))).toEqual([20, 12, 3, 21]);
  });

  it("treats each selection as a set of lower-case values, empty meaning all", () => {
    expect(ids(directory(people, f({ locations: ["dublin"] }), teams))).toEqual([5, 12]);
    expect(ids(directory(people, f({ locations: ["dublin", "helsinki"] }), teams))).toEqual([
      5, 12, 21,
    ]);
    // any of the person's teams counts, not only the first
    expect(ids(directory(people, f({ teams: ["finance"] }), teams))).toEqual([5, 12]);
  });

  it("combines text, location and team with AND", () => {
    const filter = f({
      text: "a",
      locations: ["amsterdam"],
      teams: ["investments", "management team"],
    });
    expect(ids(directory(people, filter, teams))).toEqual([20, 3]);
    expect(matches(people[1]!, filter)).toBe(false);
  });

  it("returns an empty list when nothing matches", () => {
    expect(directory(people, f({ text: "zzz" }), teams)).toEqual([]);
    expect(directory(people, f({ locations: ["copenhagen"] }), teams)).toEqual([]);
    expect(directory([], emptyFilter, teams)).toEqual([]);
  });
});

describe("sortByFirstTeam", () => {
  it("keeps stored order within a team and puts unknown teams last", () => {
    const list = [
      { id: 1, name: "A", team: ["Nowhere"], location: "Amsterdam" },
      { id: 2, name: "B", team: ["Finance"], location: "Amsterdam" },
      { id: 3, name: "C", team: ["Finance"], location: "Amsterdam" },
      { id: 4, name: "D", team: ["Management Team"], location: "Amsterdam" },
    ];
    expect(ids(sortByFirstTeam(list, teams))).toEqual([4, 2, 3, 1]);
  });
});

describe("toggle", () => {
  it("adds an absent value and removes a present one", () => {
    expect(toggle([], "dublin")).toEqual(["dublin"]);
    expect(toggle(["dublin", "helsinki"], "dublin")).toEqual(["helsinki"]);
  });
});

describe("query string", () => {
  const known = { locations, teams };

  it("is empty for the empty filter", () => {
    expect(filterToQuery(emptyFilter, known).toString()).toBe("");
    expect(filterToQuery(f({ text: "   " }), known).toString()).toBe("");
  });

  it("encodes in the order of the known lists, with slugs", () => {
    const filter = f({
      text: "van ",
      locations: ["helsinki", "amsterdam"],
      teams: ["operations & support", "finance"],
    });
    const query = filterToQuery(filter, known).toString();
    expect(query).toBe(
      "q=van+&location=amsterdam&location=helsinki&team=finance&team=operations-support",
    );
    expect(queryToFilter(new URLSearchParams(query), known)).toEqual({
      text: "van ",
      locations: ["amsterdam", "helsinki"],
      teams: ["finance", "operations & support"],
    });
  });

  it("ignores unknown values and accepts any case", () => {
    const params = new URLSearchParams("location=Berlin&location=DUBLIN&team=sales&x=1");
    expect(queryToFilter(params, known)).toEqual(f({ locations: ["dublin"] }));
    expect(queryToFilter(new URLSearchParams(""), known)).toEqual(emptyFilter);
  });
});

describe("load more", () => {
  it("shows 8 first, adds 10, and stops at the total", () => {
    expect(initialCount).toBe(8);
    expect(nextCount(8, 61)).toBe(18);
    expect(nextCount(58, 61)).toBe(61);
    expect(hasMore(58, 61)).toBe(true);
    expect(hasMore(61, 61)).toBe(false);
  });

  it("offers nothing more for short or empty results", () => {
    expect(hasMore(initialCount, 5)).toBe(false);
    expect(hasMore(initialCount, 0)).toBe(false);
    expect(nextCount(8, 0)).toBe(0);
  });
});

describe("neighbours", () => {
  it("walks the stored order, hiding previous on the first and next on the last", () => {
    expect(neighbours(people, 3)).toEqual({ previous: undefined, next: people[1] });
    expect(neighbours(people, 9)).toEqual({ previous: people[1], next: people[3] });
    expect(neighbours(people, 21)).toEqual({ previous: people[4], next: undefined });
  });

  it("has no neighbours for an unknown id or a list of one", () => {
    expect(neighbours(people, 999)).toEqual({});
    expect(neighbours([people[0]!], 3)).toEqual({ previous: undefined, next: undefined });
  });
});

describe("teamLine", () => {
  it("shows the title, else the teams joined by commas", () => {
    expect(teamLine({ teamShown: "Chief Financial Officer", team: ["Finance"] })).toBe(
      "Chief Financial Officer",
    );
    expect(teamLine({ teamShown: " ", team: ["Finance", "Operations"] })).toBe(
      "Finance, Operations",
    );
  });
});

describe("sample", () => {
  it("draws n different people, deterministically for a seeded generator", () => {
    const a = sample(people, 3, seededRng(7));
    expect(new Set(a).size).toBe(3);
    expect(sample(people, 3, seededRng(7))).toEqual(a);
  });

  it("avoids the current set when enough remain", () => {
    const current = people.slice(0, 3);
    for (let seed = 0; seed < 20; seed++) {
      const next = sample(people, 3, seededRng(seed), current);
      expect(next.some((p) => current.includes(p))).toBe(false);
    }
  });

  it("falls back to the whole list when it is too short to avoid, and copes with extremes", () => {
    expect(sample(people.slice(0, 4), 3, () => 0, people.slice(0, 2))).toHaveLength(3);
    expect(sample(people.slice(0, 2), 3, () => 0.999)).toHaveLength(2);
    expect(sample([], 3, Math.random)).toEqual([]);
    expect(ids(sample(people, 2, () => 0.9999999))).toEqual([21, 20]);
  });
});

describe("popup page", () => {
  it("titles a person's page with their name and team line", () => {
    expect(
      personTitle({ name: "Aoife Kennedy", teamShown: "", team: ["Finance", "Operations"] }),
    ).toBe("Aoife Kennedy, Finance, Operations");
    expect(personTitle({ name: "Maarten", teamShown: "CEO", team: ["Management Team"] })).toBe(
      "Maarten, CEO",
    );
  });

  it("reads the open person from the path, and nobody from anything else", () => {
    expect(popupIdFromPath("/who-we-are/12")).toBe(12);
    expect(popupIdFromPath("/who-we-are/12/")).toBe(12);
    expect(popupIdFromPath("/who-we-are")).toBeNull();
    expect(popupIdFromPath("/who-we-are/abc")).toBeNull();
    expect(popupIdFromPath("/who-we-are/1/x")).toBeNull();
    expect(popupIdFromPath("/careers/12")).toBeNull();
  });

  it("counts people in the labels' words", () => {
    const labels = { resultOne: "1 person", resultMany: "{count} people" };
    expect(countLabel(1, labels)).toBe("1 person");
    expect(countLabel(0, labels)).toBe("0 people");
    expect(countLabel(61, labels)).toBe("61 people");
  });

  it("says after Load more how many came, how many show and of how many", () => {
    const labels = {
      resultOne: "1 person",
      resultMany: "{count} people",
      moreShown: "{added} more shown, {shown} of {total}",
    };
    expect(moreShownLabel(10, 18, 70, labels)).toBe("10 more shown, 18 of 70 people");
    expect(moreShownLabel(2, 70, 70, labels)).toBe("2 more shown, 70 of 70 people");
    // The words around the numbers are the content's, in its order.
    expect(
      moreShownLabel(1, 9, 9, { ...labels, moreShown: "{added} erbij: {shown}/{total}" }),
    ).toBe("1 erbij: 9/9 people");
  });
});
