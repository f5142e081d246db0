// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir } from "../content-dir.mjs";
import { check } from "./careers.mjs";

const load = (/** @type {string} */ f) => JSON.parse(readFileSync(join(contentDir, f), "utf8"));

/** The real careers page and a vacancy with one change applied; returns the check's messages. */
function errorsAfter(/** @type {(vacancy: any) => void} */ change) {
  const vacancy = load("careers/asset-manager.json");
  change(vacancy);
  const files = { "careers.json": load("careers.json"), "careers/asset-manager.json": vacancy };
  return check(files, contentDir, {}).map((e) => `${e.file}: ${e.field}: ${e.reason}`);
}

describe("careers content check", () => {
  it("accepts the firm's vacancies", () => {
    expect(errorsAfter(() => {})).toEqual([]);
  });

  it("accepts a vacancy with a benefits list and no benefits text", () => {
    expect(
      errorsAfter((v) => {
        v.benefitsList = ["A pension scheme"];
        delete v.benefitsText;
      }),
    ).toEqual([]);
  });

  it.each([
    [
      "a blank text",
      (/** @type {any} */ v) => (v.requirements[1] = "   "),
      "careers/asset-manager.json: /requirements/1: is blank",
    ],
    [
      "no benefits text and an empty benefits list",
      (/** @type {any} */ v) => {
        v.benefitsList = [];
        delete v.benefitsText;
      },
      "careers/asset-manager.json: /benefitsText: is needed when the benefits list is empty",
    ],
  ])("fails the build on %s", (_, change, message) => {
    const errors = errorsAfter(change);
    expect(
      errors.some((e) => e.startsWith(message)),
      errors.join("\n"),
    ).toBe(true);
  });
});
