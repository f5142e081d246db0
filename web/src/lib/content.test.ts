import { describe, expect, it } from "vitest";
import { pageMeta } from "./content";
import { office } from "./screens";

const home = { title: "Home", description: "D", heading: "H", intro: "I" };

describe("pageMeta", () => {
  it("gives a page's entry", () => {
    expect(pageMeta({ "/": home }, "/")).toBe(home);
  });

  it("throws for a page the file lacks, naming it (the build fails)", () => {
    expect(() => pageMeta({ "/": home }, "/careers")).toThrow("no entry for /careers");
    expect(() => pageMeta({}, "constructor")).toThrow("no entry for constructor");
  });
});

describe("office", () => {
  const amsterdam = {
    id: "ams",
    title: "Amsterdam",
    subtitle: "",
    country: "NL",
    address: "A",
    zipCode: "1",
  };

  it("finds an office of site.json by id, and throws for an unknown one", () => {
    expect(office({ offices: [amsterdam] }, "ams")).toBe(amsterdam);
    expect(() => office({ offices: [amsterdam] }, "atlantis")).toThrow('no office "atlantis"');
  });
});
