import { describe, expect, it } from "vitest";
import { keepView, takeView } from "./list-memory";

describe("list views kept while Decap draws the form anew", () => {
  it("gives each kept view back once, in the order kept", () => {
    keepView("#/a employees", { query: "gallagher", folded: [true, false] }, 1000);
    keepView("#/a employees", { query: "" }, 1001);
    expect(takeView("#/a employees", 1500)).toEqual({ query: "gallagher", folded: [true, false] });
    expect(takeView("#/a employees", 1500)).toEqual({ query: "" });
    expect(takeView("#/a employees", 1500)).toBeUndefined();
  });

  it("forgets a view after a moment: a list opened later starts afresh", () => {
    keepView("#/b requirements", { query: "x" }, 0);
    expect(takeView("#/b requirements", 5000)).toBeUndefined();
    expect(takeView("#/other", 0)).toBeUndefined();
  });
});
