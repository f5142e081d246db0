import { describe, expect, it } from "vitest";
import { fieldProblems, type RuleField } from "./field-rules";

const data = {
  vacancies: [
    { id: 1, slug: "asset-manager", datePosted: "2026-10-05", validThrough: "2026-09-01" },
    { id: 2, slug: "analyst", datePosted: "2026-10-05" },
  ],
};

describe("fieldProblems: the build's rules between values, on one field", () => {
  it("refuses a slug another vacancy has, with a free one as example", () => {
    const slug: RuleField = {
      name: "slug",
      label: "Slug",
      unique: { list: ["vacancies"], entry: "vacancy" },
    };
    const twice = { vacancies: [...data.vacancies, { slug: "analyst" }] };
    expect(fieldProblems(slug, "analyst", twice)).toEqual([
      'Another vacancy already has the slug "analyst": each vacancy needs its own, e.g. "analyst-2".',
    ]);
    expect(fieldProblems(slug, "analyst", data)).toEqual([]);
  });

  it("blames a duplicate slug on the vacancy given it, not on the one that had it when opened", () => {
    const slug: RuleField = {
      name: "slug",
      label: "Slug",
      unique: { list: ["vacancies"], entry: "vacancy" },
    };
    const twice = { vacancies: [...data.vacancies, { slug: "asset-manager" }] };
    // Vacancy 1, opened with the slug: not marked.
    expect(fieldProblems(slug, "asset-manager", twice, true)).toEqual([]);
    // The new vacancy, given it: marked.
    expect(fieldProblems(slug, "asset-manager", twice, false)).toHaveLength(1);
  });

  it("refuses a value that is not one of its choices", () => {
    const office: RuleField = {
      name: "office",
      options: [{ value: "amsterdam", label: "Amsterdam" }],
      options_from: { file: "site", list: "offices", value: "id", label: "title", what: "offices" },
    };
    expect(fieldProblems(office, "paris", data)[0]).toMatch(
      /^"paris" is not one of the offices: choose Amsterdam \(amsterdam\)/,
    );
    expect(fieldProblems(office, "amsterdam", data)).toEqual([]);
    expect(fieldProblems({ ...office, multiple: true }, ["amsterdam", "rome"], data)).toHaveLength(
      1,
    );
  });

  it("refuses a closing date before the posting date of its vacancy", () => {
    const validThrough: RuleField = {
      name: "validThrough",
      label: "Valid through",
      not_before: { field: "datePosted", list: ["vacancies"] },
    };
    expect(fieldProblems(validThrough, "2026-09-01", data)).toEqual([
      "Valid through (2026-09-01) is before date posted (2026-10-05): choose 2026-10-05 or a later date, or leave it empty.",
    ]);
  });

  it("refuses HTML in Markdown and a blank required text, in the build's words", () => {
    const md: RuleField = { name: "roleText", widget: "markdown" };
    expect(fieldProblems(md, "Hello <b>you</b>", data)[0]).toMatch(
      /^HTML is not allowed, use Markdown/,
    );
    expect(fieldProblems(md, "Hello **you**", data)).toEqual([]);
    expect(fieldProblems({ name: "title", label: "Title" }, "   ", data)).toEqual([
      "Fill in title: spaces alone are not text.",
    ]);
  });
});
