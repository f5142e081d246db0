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
    const head = seo({ ...base, title: "Contact", path: "/contact" });
    expect(head.title).toBe("Contact | Veldhaven");
    expect(head.canonical).toBe("https://x.eu/contact");
    expect(head.meta).toContainEqual({ property: "og:url", content: "https://x.eu/contact" });
    expect(head.meta).toContainEqual({ name: "description", content: "About us" });
    expect(head.meta.some((t) => "name" in t && t.name === "robots")).toBe(false);
  });
  it("marks a noindex page and gives it no canonical", () => {
    const head = seo({ ...base, title: "Not found", noindex: true, path: "/x" });
    expect(head.meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(head.canonical).toBeUndefined();
    expect(head.meta.some((t) => "property" in t && t.property === "og:url")).toBe(false);
  });
  it("makes a root-relative image absolute", () => {
    const head = seo({ ...base, title: "Home", path: "/", image: "/media/a.jpg" });
    expect(head.meta).toContainEqual({ property: "og:image", content: "https://x.eu/media/a.jpg" });
  });
});
