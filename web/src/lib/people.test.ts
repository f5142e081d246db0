import { describe, expect, it } from "vitest";
import { employees, personCard, personDetails, type Employee } from "./people";

const base: Employee = employees[0]!;

describe("island props", () => {
  it("a card has the card's fields and both card photos resolved, nothing of the popup", () => {
    const card = personCard(base);
    expect(Object.keys(card).sort()).toEqual(
      ["id", "image", "imageMobile", "location", "name", "team", "teamShown"].sort(),
    );
    expect(card.image.name).toBe(base.image);
    expect(card.imageMobile.name).toBe(base.imageMobile);
    expect(card.image.webp.length).toBeGreaterThan(0);
  });

  it("details carry the popup's fields and photo, leaving out empty links", () => {
    const details = personDetails({ ...base, email: "", linkedin: "https://x.example", liv: "" });
    expect(details).toMatchObject({ id: base.id, description: base.description });
    expect(details.imageDesktop.name).toBe(base.imageDesktop);
    expect("email" in details).toBe(false);
    expect("liv" in details).toBe(false);
    expect(details.linkedin).toBe("https://x.example");
  });
});
