import { describe, expect, it } from "vitest";
import { absoluteUrl, fullTitle, seo } from "./seo";

describe("fullTitle", () => {
  it("appends the firm's name", () => {
    expect(fullTitle("Careers", "Veldhaven")).toBe("Careers | Veldhaven");
  });
  it("leaves a title that already names the firm", () => {
    expect(fullTitle("Veldhaven | Home", "Veldhaven")).toBe("Veldhaven | Home");
  });
});

describe("absoluteUrl", () => {
  it.each([
    ["https://x.eu", "/", "https://x.eu/"],
    ["https://x.eu/", "/careers", "https://x.eu/careers"],
    ["http://localhost:8080", "/who-we-are/3", "http://localhost:8080/who-we-are/3"],
  ])("%s + %s", (base, path, expected) => {
    expect(absoluteUrl(base, path)).toBe(expected);
  });
});

describe("seo", () => {
  const base = { siteName: "Veldhaven", siteUrl: "https://x.eu", description: "About us" };
  it("adds a canonical link and og:url for an indexable page", () => {
    const tags = seo({ ...base, title: "Contact", path: "/contact" });
    expect(tags).toContainEqual({ title: "Contact | Veldhaven" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://x.eu/contact",
    });
    expect(tags).toContainEqual({ property: "og:url", content: "https://x.eu/contact" });
    expect(tags.some((t) => "name" in t && t.name === "robots")).toBe(false);
  });
  it("marks a noindex page and gives it no canonical", () => {
    const tags = seo({ ...base, title: "Not found", noindex: true, path: "/x" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags.some((t) => "rel" in t && t.rel === "canonical")).toBe(false);
  });
  it("makes a root-relative image absolute", () => {
    const tags = seo({ ...base, title: "Home", path: "/", image: "/media/a.jpg" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://x.eu/media/a.jpg" });
  });
});
