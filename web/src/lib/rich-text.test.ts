import { describe, expect, it } from "vitest";
import { interpolate, lookup, parseInline } from "./rich-text";

const values = { name: "Veldhaven", email: { general: "info@x.eu" }, year: 2023 };

describe("lookup", () => {
  it.each([
    ["name", "Veldhaven"],
    ["email.general", "info@x.eu"],
    ["year", "2023"],
    ["email", undefined],
    ["email.nope", undefined],
    ["toString", undefined],
  ])("%s -> %s", (path, want) => expect(lookup(values, path)).toBe(want));
});

describe("interpolate", () => {
  it("replaces placeholders", () => {
    expect(interpolate("Mail {email.general} at {name}", values)).toBe(
      "Mail info@x.eu at Veldhaven",
    );
  });
  it("throws on an unknown placeholder", () => {
    expect(() => interpolate("{emial.general}", values)).toThrow(/emial\.general/);
  });
});

describe("parseInline", () => {
  it("keeps plain text as one segment", () => {
    expect(parseInline("Just text.", values)).toEqual([{ text: "Just text." }]);
  });
  it("turns [label](href) into links and resolves placeholders in both", () => {
    expect(
      parseInline(
        "Write to [{email.general}](mailto:{email.general}) or see [our page](/contact).",
        values,
      ),
    ).toEqual([
      { text: "Write to " },
      { text: "info@x.eu", href: "mailto:info@x.eu" },
      { text: " or see " },
      { text: "our page", href: "/contact" },
      { text: "." },
    ]);
  });
  it("merges placeholders into the surrounding text", () => {
    expect(parseInline("At {name}, we", values)).toEqual([{ text: "At Veldhaven, we" }]);
  });
});
