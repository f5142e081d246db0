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
  const image = {
    src: "/media/share/home.0123abcd.jpg",
    width: 1200,
    height: 630,
    type: "image/jpeg",
    alt: "Our homes. Veldhaven",
  };
  const content = (head: ReturnType<typeof seo>, key: string) =>
    head.meta.filter((t) => ("name" in t ? t.name : t.property) === key).map((t) => t.content);

  it("gives the picture of link previews with an absolute URL, size, type and alt text", () => {
    const head = seo({ ...base, title: "Home", path: "/", image, locale: "en_GB" });
    expect(content(head, "og:image")).toEqual(["https://x.eu/media/share/home.0123abcd.jpg"]);
    expect(content(head, "og:image:width")).toEqual(["1200"]);
    expect(content(head, "og:image:height")).toEqual(["630"]);
    expect(content(head, "og:image:type")).toEqual(["image/jpeg"]);
    expect(content(head, "og:image:alt")).toEqual(["Our homes. Veldhaven"]);
    expect(content(head, "og:locale")).toEqual(["en_GB"]);
  });

  it("repeats title, description and picture for the Twitter card", () => {
    const head = seo({ ...base, title: "Contact", path: "/contact", image });
    expect(content(head, "twitter:card")).toEqual(["summary_large_image"]);
    expect(content(head, "twitter:title")).toEqual(["Contact | Veldhaven"]);
    expect(content(head, "twitter:description")).toEqual(["About us"]);
    expect(content(head, "twitter:image")).toEqual(["https://x.eu/media/share/home.0123abcd.jpg"]);
    expect(content(head, "twitter:image:alt")).toEqual(["Our homes. Veldhaven"]);
  });

  it("keeps an absolute image URL as it is", () => {
    const head = seo({
      ...base,
      title: "Home",
      path: "/",
      image: { ...image, src: "https://cdn.eu/a.jpg" },
    });
    expect(content(head, "og:image")).toEqual(["https://cdn.eu/a.jpg"]);
  });

  it("falls back to the small Twitter card without a picture, and writes each tag once", () => {
    const head = seo({ ...base, title: "Contact", path: "/contact" });
    expect(content(head, "twitter:card")).toEqual(["summary"]);
    expect(content(head, "og:image")).toEqual([]);
    const keys = head.meta.map((t) => ("name" in t ? t.name : t.property));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gives the 404 page its picture but no URL", () => {
    const head = seo({ ...base, title: "Not found", noindex: true, image });
    expect(content(head, "og:url")).toEqual([]);
    expect(content(head, "og:image")).toHaveLength(1);
  });
});
