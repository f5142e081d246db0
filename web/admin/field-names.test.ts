// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import {
  describeFields,
  entryName,
  kindFromAddButton,
  nameListButtons,
  removeName,
  shortSummary,
  toggleName,
} from "./field-names";

describe("entry names", () => {
  it.each([
    ["Office", 2, "Dublin", "office 2: Dublin"],
    ["office", 1, "", "office 1"],
    // Decap shows the list's label when an entry has no summary: nothing to add.
    ["Requirement", 3, "Requirement", "requirement 3"],
    ["", 1, "x", "entry 1: x"],
    [
      "text",
      1,
      "We invest in European affordable residential property in North-western Europe.",
      "text 1: We invest in European affordable…",
    ],
  ])("%s %i %s -> %s", (kind, position, summary, name) => {
    expect(entryName(kind, position, summary)).toBe(name);
  });

  it("says what the chevron does to the entry, and what the ✕ does", () => {
    expect(toggleName(false, "office 1: Amsterdam")).toBe("Unfold office 1: Amsterdam");
    expect(toggleName(true, "office 1: Amsterdam")).toBe("Fold office 1: Amsterdam");
    expect(removeName("office 1: Amsterdam")).toBe("Remove office 1: Amsterdam");
  });

  it("cuts a long summary at a word", () => {
    expect(shortSummary("  a  b  ")).toBe("a b");
    expect(shortSummary("abcdefghij klmnop", 12)).toBe("abcdefghij…");
    expect(shortSummary("abcdefghijklmnop", 8)).toBe("abcdefgh…");
  });

  it("reads the kind of entry from the add button", () => {
    expect(kindFromAddButton("Add office")).toBe("office");
    expect(kindFromAddButton("  Add  personal attribute ")).toBe("personal attribute");
  });
});

// Decap's markup as far as field-names.ts reads it (decap-cms-widget-list
// ListControl.js, decap-cms-ui-default ListItemTopBar.js, decap-cms-core
// EditorControl.js), with the class names its styles carry.
function entry(summary: string, folded: boolean) {
  return `
    <div class="css-1-ListItem">
      <div class="css-2-StyledListItemTopBar">
        <button><svg></svg></button><div role="button" tabindex="0" aria-roledescription="sortable"><svg></svg></div><button><svg></svg></button>
      </div>
      <div class="css-3-NestedObjectLabel" style="display: ${folded ? "block" : "none"}">${summary}</div>
      <div><input /></div>
    </div>`;
}

describe("nameListButtons", () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <label for="offices-1">Offices</label>
      <div id="offices-1">
        <div class="css-4-TopBarContainer"><button class="css-5-AddButton">Add office <svg></svg></button></div>
        <div>${entry("Amsterdam", true)}${entry("Dublin", false)}</div>
      </div>`;
  });

  it("takes the drag handle, which no key moves, out of the tab order", () => {
    nameListButtons();
    for (const handle of document.querySelectorAll('[aria-roledescription="sortable"]')) {
      expect(handle.getAttribute("tabindex")).toBe("-1");
      expect(handle.getAttribute("aria-hidden")).toBe("true");
    }
    expect(document.querySelectorAll('[aria-roledescription="sortable"]')).toHaveLength(2);
  });

  it("names each chevron and ✕ after its entry, and says whether the entry is open", () => {
    nameListButtons();
    const buttons = [...document.querySelectorAll(".css-2-StyledListItemTopBar button")];
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual([
      "Unfold office 1: Amsterdam",
      "Remove office 1: Amsterdam",
      "Fold office 2: Dublin",
      "Remove office 2: Dublin",
    ]);
    expect(buttons.map((b) => b.getAttribute("aria-expanded"))).toEqual([
      "false",
      null,
      "true",
      null,
    ]);
  });

  it("takes the kind from the list's own add button, not one of a list inside an entry", () => {
    document.querySelector(".css-5-AddButton")!.remove();
    document
      .querySelector(".css-1-ListItem > div:last-child")!
      .insertAdjacentHTML(
        "beforeend",
        `<div id="teams-2"><div><button class="css-5-AddButton">Add team</button></div><div></div></div>`,
      );
    nameListButtons();
    expect(document.querySelector("button")!.getAttribute("aria-label")).toBe(
      "Unfold offices 1: Amsterdam",
    );
  });

  it("falls back on the list's label when it has no add button", () => {
    document.querySelector(".css-5-AddButton")!.remove();
    nameListButtons();
    expect(document.querySelector("button")!.getAttribute("aria-label")).toBe(
      "Unfold offices 1: Amsterdam",
    );
  });
});

describe("describeFields", () => {
  it("ties a field's hint, and its errors first, to the field's control", () => {
    document.body.innerHTML = `
      <div class="css-6-ControlContainer">
        <div class="css-7-ControlTopbar">
          <label for="eyebrow-field-3">Eyebrow</label>
          <ul class="css-8-ControlErrorsList"><li>Fill in Eyebrow: it is required.</li></ul>
        </div>
        <input id="eyebrow-field-3" />
        <p class="css-9-ControlHint">Required. The small line above the headline.</p>
      </div>
      <div class="css-6-ControlContainer">
        <div class="css-7-ControlTopbar"><label for="heading-field-4">Heading</label></div>
        <input id="heading-field-4" />
        <p class="css-9-ControlHint">Required. The heading.</p>
      </div>`;
    describeFields();
    expect(document.getElementById("eyebrow-field-3")!.getAttribute("aria-describedby")).toBe(
      "eyebrow-field-3-errors eyebrow-field-3-hint",
    );
    expect(document.getElementById("eyebrow-field-3-hint")!.textContent).toMatch(/small line/);
    expect(document.getElementById("heading-field-4")!.getAttribute("aria-describedby")).toBe(
      "heading-field-4-hint",
    );
  });
});
