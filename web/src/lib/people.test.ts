import { describe, expect, it } from "vitest";
import { employees } from "./bundled-entries";
import { image } from "./media-manifest";
import { locations, personCard, personDetails, type Employee } from "./people";

const base: Employee = employees[0]!;
/** The media name of a content file name: "person-x.jpg" -> "person-x". */
const mediaName = (file: string) => file.replace(/\.[a-z]+$/, "");

describe("island props", () => {
  it("a card has the card's fields and the portrait resolved, nothing of the popup", () => {
    const card = personCard(base, image);
    expect(Object.keys(card).sort()).toEqual(
      ["id", "image", "location", "name", "team", "teamShown"].sort(),
    );
    expect(card.image.name).toBe(mediaName(base.image));
    // The content's file name stays out of the props the island ships.
    expect(JSON.stringify(card)).not.toContain(base.image);
    expect(card.image.webp.length).toBeGreaterThan(0);
  });

  it("details carry the popup's fields, leaving out empty links", () => {
    const details = personDetails({ ...base, email: "", linkedin: "https://x.example", liv: "" });
    expect(details).toMatchObject({ id: base.id, description: base.description });
    expect("email" in details).toBe(false);
    expect("liv" in details).toBe(false);
    expect(details.linkedin).toBe("https://x.example");
  });
});

describe("locations", () => {
  it("are the office cities, in the order of site.json", () => {
    const office = { id: "", subtitle: "", country: "", address: "", zipCode: "" };
    const offices = [
      { ...office, title: "Amsterdam" },
      { ...office, title: "Berlin" },
    ];
    expect(locations({ offices })).toEqual(["Amsterdam", "Berlin"]);
  });
});
