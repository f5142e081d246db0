import { describe, expect, it } from "vitest";
import { dropEmptyOptional, type EditorField } from "./empty-fields";

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

describe("dropEmptyOptional", () => {
  it("drops empty optional strings at every depth and keeps the rest", () => {
    const data = {
      name: "",
      email: "",
      teamShown: "",
      employees: [
        { name: "A", linkedin: "" },
        { name: "B", linkedin: "https://x" },
      ],
      page: { note: "" },
    };
    expect(dropEmptyOptional(data, fields)).toEqual({
      name: "",
      teamShown: "",
      employees: [{ name: "A" }, { name: "B", linkedin: "https://x" }],
      page: {},
    });
  });

  it("leaves the input untouched", () => {
    const data = { email: "" };
    dropEmptyOptional(data, fields);
    expect(data).toEqual({ email: "" });
  });
});
