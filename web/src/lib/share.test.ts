import { describe, expect, it } from "vitest";
import pages from "#content/pages.json";
import siteJson from "#content/site.json";
import { pageMeta, type Site } from "./content";
import { homePageHead, notFoundHead, recordPageHead, staticPageHead } from "./page-meta";
import { createShare, MissingShareImageError, type ShareManifest } from "./share";

const site: Site = siteJson;

const card = {
  src: "/media/share/home.0123abcd.jpg",
  width: 1200,
  height: 630,
  type: "image/jpeg",
  alt: "Home",
};
const manifest: ShareManifest = {
  logo: { src: "/media/share/logo.0a1b2c3d.png", width: 512, height: 512 },
  pages: { "/": card },
};

describe("createShare", () => {
  const share = createShare(manifest);
  it("finds a page's card by its path", () => {
    expect(share.shareImage("/")).toBe(card);
  });
  it("names the page when it has no card", () => {
    expect(() => share.shareImage("/nope")).toThrow(MissingShareImageError);
    expect(() => share.shareImage("/nope")).toThrow(/\/nope/);
    expect(() => share.shareImage("toString")).toThrow(MissingShareImageError);
  });
  it("gives the logo", () => {
    expect(share.shareLogo()).toBe(manifest.logo);
  });
});

// The heads of the real pages, with the generated manifest (npm run media).
describe("page heads", () => {
  const tags = (head: ReturnType<typeof staticPageHead>) =>
    Object.fromEntries(head.meta.map((t) => ["name" in t ? t.name : t.property, t.content]));

  it("give every kind of page its own card, the locale and the Twitter tags", () => {
    const heads = [
      staticPageHead("/careers"),
      recordPageHead("/who-we-are/1", "Someone", "About someone"),
      notFoundHead(),
    ];
    const images = heads.map((h) => tags(h)["og:image"]);
    expect(new Set(images).size).toBe(3);
    for (const head of heads) {
      const t = tags(head);
      expect(t["og:image"]).toMatch(
        /^https?:\/\/[^/]+\/media\/share\/[a-z0-9-]+\.[0-9a-f]{8}\.jpg$/,
      );
      expect(t["og:image:width"]).toBe("1200");
      expect(t["og:image:height"]).toBe("630");
      expect(t["og:image:alt"]).toContain(site.name);
      expect(t["og:locale"]).toBe(site.ogLocale);
      expect(t["twitter:image"]).toBe(t["og:image"]);
      expect(t["twitter:title"]).toBe(head.title);
    }
  });

  it("put the Organization and the WebSite on the home page only", () => {
    const home = homePageHead();
    expect(home.jsonLd.map((d) => (d as { "@type": string })["@type"])).toEqual([
      "Organization",
      "WebSite",
    ]);
    expect(tags(home)["og:title"]).toBe(pageMeta(pages, "/").title);
    expect(staticPageHead("/contact").jsonLd).toEqual([]);
  });
});
