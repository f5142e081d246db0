// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir } from "../content-dir.mjs";
import { check } from "./careers.mjs";

const load = (/** @type {string} */ f) => JSON.parse(readFileSync(join(contentDir, f), "utf8"));

/** The real content with one change applied; returns the check's messages. */
function errorsAfter(/** @type {(careers: any) => void} */ change) {
  const careers = load("careers.json");
  change(careers);
  return check({ "careers.json": careers, "site.json": load("site.json") }, contentDir).map(
    (e) => `${e.file}: ${e.field}: ${e.reason}`,
  );
}

describe("careers content check", () => {
  it("accepts the firm's vacancies", () => {
    expect(errorsAfter(() => {})).toEqual([]);
  });

  it.each([
    [
      "a duplicate slug",
      (/** @type {any} */ c) => (c.vacancies[1].slug = c.vacancies[0].slug),
      "careers.json: /vacancies/1/slug: duplicate slug asset-manager (also vacancy 0)",
    ],
    [
      "a duplicate id",
      (/** @type {any} */ c) => (c.vacancies[2].id = c.vacancies[0].id),
      "careers.json: /vacancies/2/id: duplicate id 1 (also vacancy 0)",
    ],
    [
      "an unknown office",
      (/** @type {any} */ c) => (c.vacancies[0].office = "paris"),
      "careers.json: /vacancies/0/office: unknown office paris (one of amsterdam, dublin, copenhagen, helsinki in site.json)",
    ],
    [
      "a blank text",
      (/** @type {any} */ c) => (c.vacancies[0].requirements[1] = "   "),
      "careers.json: /vacancies/0/requirements/1: is blank",
    ],
    [
      "an end date before the posting date",
      (/** @type {any} */ c) => (c.vacancies[0].validThrough = "2000-01-01"),
      `careers.json: /vacancies/0/validThrough: 2000-01-01 is before datePosted`,
    ],
  ])("fails the build on %s", (_, change, message) => {
    const errors = errorsAfter(change);
    expect(
      errors.some((e) => e.startsWith(message)),
      errors.join("\n"),
    ).toBe(true);
  });
});
