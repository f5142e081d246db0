import { describe, expect, it } from "vitest";
import { emptyOptionalPaths, type EditorField } from "./empty-fields";

const fields: EditorField[] = [
  { name: "name", widget: "string", required: true },
  { name: "email", widget: "string", required: false },
  { name: "teamShown", widget: "string", required: false, default: "" },
  {
    name: "employees",
    widget: "list",
    fields: [
      { name: "name", widget: "string", required: true },
      { name: "linkedin", widget: "string", required: false },
    ],
  },
  { name: "page", widget: "object", fields: [{ name: "note", widget: "text", required: false }] },
];

describe("emptyOptionalPaths", () => {
  it("finds the empty optional strings at every depth and nothing else", () => {
    const data = {
      name: "",
      email: "",
      teamShown: "",
      employees: [
        { name: "A", linkedin: "" },
        { name: "B", linkedin: "https://x" },
        { name: "C", linkedin: "" },
      ],
      page: { note: "" },
    };
    expect(emptyOptionalPaths(data, fields)).toEqual([
      ["email"],
      ["employees", 0, "linkedin"],
      ["employees", 2, "linkedin"],
      ["page", "note"],
    ]);
  });

  it("finds none when every optional string is filled or absent", () => {
    expect(
      emptyOptionalPaths({ name: "A", email: "a@b.nl", employees: [{ name: "B" }] }, fields),
    ).toEqual([]);
  });
});
