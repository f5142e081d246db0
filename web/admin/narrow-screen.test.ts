import { describe, expect, it } from "vitest";
import { ONE_PANE_BELOW, opensEditor, startsWithForm } from "./narrow-screen";

describe("opensEditor", () => {
  it("knows Decap's editor routes from its others", () => {
    expect(opensEditor("/collections/careers/entries/careers")).toBe(true);
    expect(opensEditor("/collections/people/entries/employees/")).toBe(true);
    expect(opensEditor("/collections/posts/new")).toBe(true);
    for (const path of ["/", "/collections/careers", "/media", "/collections/careers/entries"]) {
      expect(opensEditor(path), path).toBe(false);
    }
  });
});

describe("startsWithForm", () => {
  it("starts phones and upright tablets with the form, wider screens side by side", () => {
    expect(startsWithForm(375)).toBe(true);
    expect(startsWithForm(768)).toBe(true);
    expect(startsWithForm(ONE_PANE_BELOW)).toBe(false);
    expect(startsWithForm(1280)).toBe(false);
  });
});
