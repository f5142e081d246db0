// @vitest-environment node
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentMediaPlugin, mediaNamedBy, packImages, pickContent } from "./content-media.mjs";

const manifest = {
  images: { "home-hero": { width: 1 }, "person-a": { width: 2 }, "person-a-desktop": { width: 3 } },
  videos: { "careers-background": { src: "/v.mp4" } },
  logos: { anbi: { src: "/l.svg" } },
  documents: {},
};

describe("mediaNamedBy", () => {
  it("takes the entries any string names, at any depth, per kind", () => {
    const data = { hero: { image: "home-hero", alt: "Canal" }, list: [{ logo: "anbi" }, "nope"] };
    expect(mediaNamedBy(data, manifest)).toEqual({
      images: { "home-hero": { width: 1 } },
      videos: {},
      logos: { anbi: { src: "/l.svg" } },
      documents: {},
    });
  });
  it("ignores object prototype keys", () => {
    expect(mediaNamedBy(["constructor", "toString"], manifest).images).toEqual({});
  });
});

describe("pickContent", () => {
  const data = {
    page: { teaser: { heading: "H", image: "home-hero" }, other: "x" },
    people: [
      { id: 1, name: "A", image: "person-a", imageDesktop: "person-a-desktop" },
      { id: 2, name: "B" },
    ],
  };
  it("returns the whole file without a path", () => {
    expect(pickContent(data, null, null)).toBe(data);
  });
  it("follows a dotted path", () => {
    expect(pickContent(data, "page.teaser", null)).toEqual({ heading: "H", image: "home-hero" });
  });
  it("cuts array items and objects to the fields, skipping absent ones", () => {
    expect(pickContent(data, "people", ["id", "image"])).toEqual([
      { id: 1, image: "person-a" },
      { id: 2 },
    ]);
    expect(pickContent(data, "page", ["other"])).toEqual({ other: "x" });
  });
  it("throws for a path the content does not have", () => {
    expect(() => pickContent(data, "page.nope", null)).toThrow(/no field "page.nope"/);
  });
});

describe("contentMediaPlugin", () => {
  const dir = mkdtempSync(join(tmpdir(), "content-media-"));
  writeFileSync(join(dir, "media.json"), JSON.stringify(manifest));
  writeFileSync(
    join(dir, "people.json"),
    JSON.stringify({ people: [{ id: 1, image: "person-a", imageDesktop: "person-a-desktop" }] }),
  );
  writeFileSync(
    join(dir, "careers.json"),
    JSON.stringify({ vacancies: [{ slug: "a", roleText: "<p>x</p>" }] }),
  );
  const plugin = contentMediaPlugin({ contentDir: dir, manifestPath: join(dir, "media.json") });
  const ctx = { addWatchFile() {} };
  /** @param {string} spec */
  const load = (spec) => {
    const resolved = /** @type {any} */ (plugin.resolveId).call(ctx, spec);
    return /** @type {any} */ (plugin.load).call(ctx, resolved);
  };

  it("leaves other ids alone", () => {
    expect(/** @type {any} */ (plugin.resolveId).call(ctx, "#content/people.json")).toBeNull();
  });
  it("gives the media a part of a file names", () => {
    const code = load("virtual:media/people.json?pick=people&fields=image");
    expect(code).toBe(
      `export default ${JSON.stringify({ images: { "person-a": { width: 2 } }, videos: {}, logos: {}, documents: {} })};`,
    );
  });
  it("gives a part of the content", () => {
    expect(load("virtual:content/people.json?pick=people&fields=id")).toBe(
      'export default [{"id":1}];',
    );
  });
  it("draws a seeded sample of a list, the same for content and media", () => {
    const data = JSON.parse(
      load("virtual:content/people.json?pick=people&sample=1&seed=7").slice(15, -1),
    );
    expect(data).toHaveLength(1);
    expect(load("virtual:media/people.json?pick=people&fields=image&sample=1&seed=7")).toContain(
      "person-a",
    );
  });
  it("refuses careers.json parts holding HTML, which only the sanitised import may carry", () => {
    expect(() => load("virtual:content/careers.json?pick=vacancies")).toThrow(/sanitised/);
    expect(load("virtual:content/careers.json?pick=vacancies&fields=slug")).toBe(
      'export default [{"slug":"a"}];',
    );
  });
});

describe("packImages", () => {
  const entry = (/** @type {string} */ name) => ({
    width: 480,
    height: 600,
    color: "#687868",
    avif: [
      { w: 320, src: `/media/img/${name}-320.508f427b.avif` },
      { w: 480, src: `/media/img/${name}-480.d3fbf0da.avif` },
    ],
    webp: [{ w: 320, src: `/media/img/${name}-320.e43fb7a1.webp` }],
  });
  const part = {
    images: {
      "person-a": entry("person-a"),
      odd: { ...entry("odd"), webp: [{ w: 1, src: "/x.webp" }] },
    },
    videos: { v: { src: "/v.mp4" } },
    logos: {},
    documents: {},
  };

  it("keeps a hash per variant instead of its URL, and images it cannot pack as they are", () => {
    const packed = packImages(part);
    expect(packed.imageBase).toBe("/media/img/");
    expect(packed.images["person-a"]).toEqual([
      480,
      600,
      "#687868",
      [
        [320, "508f427b"],
        [480, "d3fbf0da"],
      ],
      [[320, "e43fb7a1"]],
    ]);
    expect(packed.images.odd).toBe(part.images.odd);
  });

  it("unpacks in ~/lib/media to the manifest's entries", async () => {
    const media = await import("../app/lib/media.ts");
    media.registerMedia(/** @type {any} */ (packImages(part)));
    expect(media.image("person-a")).toEqual({ name: "person-a", ...entry("person-a") });
    expect(media.image("odd")).toEqual({ name: "odd", ...part.images.odd });
    expect(media.video("v").src).toBe("/v.mp4");
  });
});
