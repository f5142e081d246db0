import { describe, expect, it } from "vitest";
import { keepFolds, takeFolds } from "./list-folds";

describe("list folds kept while Decap draws the form anew", () => {
  it("gives each kept list's folds back once, in the order kept", () => {
    keepFolds("#/a requirements", [true, false], 1000);
    keepFolds("#/a requirements", undefined, 1001);
    expect(takeFolds("#/a requirements", 1500)).toEqual([true, false]);
    expect(takeFolds("#/a requirements", 1500)).toBeUndefined();
  });

  it("forgets them after a moment: a list opened later starts afresh", () => {
    keepFolds("#/b requirements", [true], 0);
    expect(takeFolds("#/b requirements", 5000)).toBeUndefined();
    expect(takeFolds("#/other", 0)).toBeUndefined();
  });
});
