import { describe, expect, it } from "vitest";
import { searchWords } from "./search-words";

const fields = [
  { name: "id", widget: "assigned-id" },
  { name: "name", widget: "string" },
  { name: "image", widget: "image" },
  { name: "teamShown", widget: "string" },
  { name: "location", widget: "select", options: [{ value: "amsterdam", label: "Amsterdam" }] },
  { name: "description", widget: "text" },
  { name: "email", widget: "string" },
];

describe("searchWords", () => {
  const person = {
    id: 7,
    name: "Anna de Vries",
    image: "portrait-anna.jpg",
    teamShown: "Chief Financial Officer",
    location: "amsterdam",
    description: "Anna joined as head of required reporting.",
    email: "anna@veldhaven.eu",
  };

  it("has the name, the job title, the office by its name and the e-mail, lower-case", () => {
    expect(searchWords(person, fields)).toBe(
      "anna de vries chief financial officer amsterdam anna@veldhaven.eu",
    );
  });

  it("leaves out long texts, file names and the given id", () => {
    const words = searchWords(person, fields);
    expect(words).not.toContain("required");
    expect(words).not.toContain("portrait");
    expect(words).not.toContain("7");
  });

  it("reads each value of a list of choices, and skips empty ones", () => {
    const teams = [{ name: "team", widget: "select", options: [{ value: "esg", label: "ESG" }] }];
    expect(searchWords({ team: ["esg", "legal"] }, teams)).toBe("esg legal");
    expect(searchWords({ name: "" }, fields)).toBe("");
  });
});
