import { describe, expect, it } from "vitest";
import type { EditorField } from "./empty-fields";
import { prepareForPreview, siteContent } from "./preview-data";

const fields: EditorField[] = [
  { name: "title", widget: "string" },
  {
    name: "vacancies",
    widget: "list",
    fields: [
      { name: "title", widget: "string" },
      { name: "roleText", widget: "markdown" },
    ],
  },
];

describe("prepareForPreview", () => {
  it("renders Markdown fields as the build does and leaves the rest", () => {
    const data = {
      title: "**not markdown**",
      vacancies: [{ title: "A", roleText: "Own the **result**.\n\n- one\n- two" }],
    };
    const out = prepareForPreview(data, fields);
    expect(out.title).toBe("**not markdown**");
    const html = (out.vacancies as { roleText: string }[])[0]!.roleText;
    expect(html).toContain("<strong>result</strong>");
    expect(html).toContain("<li>one</li>");
    expect((data.vacancies[0] as { roleText: string }).roleText).toContain("**result**");
  });

  it("draws a required field not filled in yet as an empty one of its kind", () => {
    const people: EditorField[] = [
      {
        name: "employees",
        widget: "list",
        fields: [
          { name: "id", widget: "number", required: true },
          { name: "name", widget: "string", required: true },
          { name: "image", widget: "image", required: true },
          { name: "team", widget: "list", required: true, field: { name: "item" } },
          { name: "teams", widget: "select", multiple: true, required: true },
          { name: "location", widget: "select", required: true },
          { name: "email", widget: "string", required: false },
          {
            name: "office",
            widget: "object",
            required: true,
            fields: [{ name: "city", widget: "string", required: true }],
          },
        ],
      },
    ];
    const out = prepareForPreview({ employees: [{ name: "New" }] }, people);
    expect(out.employees).toEqual([
      { name: "New", image: "", team: [], teams: [], office: { city: "" } },
    ]);
  });

  it("never passes an entry's HTML or a javascript: link to the page", () => {
    const data = {
      vacancies: [{ roleText: '<img src=x onerror="alert(1)"> [x](javascript:alert(1))' }],
    };
    const html = (prepareForPreview(data, fields).vacancies as { roleText: string }[])[0]!.roleText;
    expect(html).not.toMatch(/<img|href="javascript:/);
    expect(html).toContain("&lt;img");
  });
});

describe("siteContent", () => {
  const vacancyFields: EditorField[] = [
    { name: "title", widget: "string" },
    { name: "roleText", widget: "markdown" },
  ];
  const files = {
    "site.json": { name: "Veldhaven" },
    "careers.json": { page: { heading: "Careers" } },
    "careers/b.json": { order: 20, title: "Second", roleText: "**B**" },
    "careers/a.json": { order: 10, title: "First", roleText: "**A**" },
    "people/anna.json": { order: 10, id: 1, name: "Anna de Vries (draft)" },
  };

  it("reads the pages' content from the files given (drafts among them), entries in their order, Markdown rendered", () => {
    const all = siteContent(files, (path) => (path.startsWith("careers/") ? vacancyFields : []));
    expect(all.employees.map((e) => e.name)).toEqual(["Anna de Vries (draft)"]);
    expect(all.careers.vacancies.map((v) => [v.title, v.roleText])).toEqual([
      ["First", "<p><strong>A</strong></p>\n"],
      ["Second", "<p><strong>B</strong></p>\n"],
    ]);
    expect(all.careers.page).toEqual({ heading: "Careers" });
    expect(all.site).toEqual({ name: "Veldhaven" });
  });
});
