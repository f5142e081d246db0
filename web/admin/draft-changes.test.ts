import { describe, expect, it } from "vitest";
import { type Comparable, missedChanges } from "./draft-changes";

/** A value compared by its JSON, as Immutable compares by value. */
function value(data: unknown): Comparable {
  return {
    equals: (other) =>
      JSON.stringify(data) === JSON.stringify((other as { data?: unknown } | undefined)?.data),
    data,
  } as Comparable;
}

const published = { title: "Asset manager" };
const mistake = { title: "Asset manager (wrong)" };

describe("missedChanges", () => {
  it("counts a saved mistake typed back to the published value as a change", () => {
    expect(
      missedChanges({
        hasChanged: false,
        saving: false,
        form: value(published),
        saved: value(mistake),
      }),
    ).toBe(true);
  });

  it("says nothing when the form is the draft as saved", () => {
    expect(
      missedChanges({
        hasChanged: false,
        saving: false,
        form: value(mistake),
        saved: value(mistake),
      }),
    ).toBe(false);
  });

  it("leaves Decap's own answer when it already sees changes", () => {
    expect(
      missedChanges({
        hasChanged: true,
        saving: false,
        form: value(published),
        saved: value(mistake),
      }),
    ).toBe(false);
  });

  it("waits while a save is under way, and when there is no draft in review", () => {
    expect(
      missedChanges({
        hasChanged: false,
        saving: true,
        form: value(published),
        saved: value(mistake),
      }),
    ).toBe(false);
    expect(
      missedChanges({ hasChanged: false, saving: false, form: value(published), saved: undefined }),
    ).toBe(false);
  });
});
