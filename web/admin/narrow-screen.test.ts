import { describe, expect, it } from "vitest";
import { RIGHT_PANE_KEY } from "./decap-internals";
import {
  choosePane,
  ONE_PANE_BELOW,
  opensEditor,
  startsWithForm,
  WIDE_PANE_KEY,
} from "./narrow-screen";

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

describe("choosePane", () => {
  it("opens with the form on a narrow screen and gives a wide one back its own choice", () => {
    localStorage.clear();
    localStorage.setItem(RIGHT_PANE_KEY, "preview");
    choosePane(375, localStorage);
    expect(localStorage.getItem(RIGHT_PANE_KEY)).toBe("none");
    // The preview shown on the phone (Decap stores it), then the next entry opened there.
    localStorage.setItem(RIGHT_PANE_KEY, "preview");
    choosePane(375, localStorage);
    expect(localStorage.getItem(RIGHT_PANE_KEY)).toBe("none");
    choosePane(1280, localStorage);
    expect(localStorage.getItem(RIGHT_PANE_KEY)).toBe("preview");
    expect(localStorage.getItem(WIDE_PANE_KEY)).toBeNull();
  });

  it("leaves Decap's default when nothing had been chosen, and a wide screen's choice alone", () => {
    localStorage.clear();
    choosePane(768, localStorage);
    choosePane(1280, localStorage);
    expect(localStorage.getItem(RIGHT_PANE_KEY)).toBeNull();
    localStorage.setItem(RIGHT_PANE_KEY, "none");
    choosePane(1280, localStorage);
    expect(localStorage.getItem(RIGHT_PANE_KEY)).toBe("none");
  });
});
