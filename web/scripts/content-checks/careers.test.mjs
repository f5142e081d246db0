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
  return check({ "careers.json": careers }, contentDir, {}).map(
    (e) => `${e.file}: ${e.field}: ${e.reason}`,
  );
}

describe("careers content check", () => {
  it("accepts the firm's vacancies", () => {
    expect(errorsAfter(() => {})).toEqual([]);
  });

  it.each([
    [
      "a blank text",
      (/** @type {any} */ c) => (c.vacancies[0].requirements[1] = "   "),
      "careers.json: /vacancies/0/requirements/1: is blank",
    ],
  ])("fails the build on %s", (_, change, message) => {
    const errors = errorsAfter(change);
    expect(
      errors.some((e) => e.startsWith(message)),
      errors.join("\n"),
    ).toBe(true);
  });
});
