// @vitest-environment node
import { existsSync } from "node:fs";
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FONT_FILES,
  SHARE,
  ShareError,
  buildShareImages,
  cardFileName,
  readContent,
  renderCard,
  shareCards,
} from "./build-share-images.mjs";
import { contentDir } from "../lib/content-dir.mjs";
import { prerenderPaths } from "../lib/paths.mjs";
import { OutlineFont } from "./share-text.mjs";

const MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="8" fill="#0f2a3d"/><path d="M12 11l12 22 12-22" stroke="#e4d6bc" stroke-width="4" fill="none"/></svg>';

const photoOf = (from, to, width = 800, height = 600) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
    ),
  )
    .jpeg()
    .toBuffer();

describe("shareCards (the firm's content)", () => {
  let cards, content;
  beforeAll(async () => {
    content = await readContent(contentDir);
    cards = shareCards(content);
  });

  it("has one card for every page the build prerenders, each with its own file", () => {
    expect(cards.map((c) => c.path).sort()).toEqual([...prerenderPaths()].sort());
    expect(new Set(cards.map((c) => c.file)).size).toBe(cards.length);
  });

  it("puts each screen's heading over its header photo", () => {
    const home = cards.find((c) => c.path === "/");
    expect(home).toMatchObject({
      layout: "screen",
      title: content.pages["/"].heading,
      photo: content.home.hero.image,
    });
    expect(home.alt).toContain(content.home.hero.alt);
    expect(cards.find((c) => c.path === "/latest-insights").photo).toBeNull();
  });

  it("gives a vacancy its title, location and the firm's mark", () => {
    const v = content.careers.vacancies[0];
    expect(cards.find((c) => c.path === `/careers/${v.slug}`)).toMatchObject({
      layout: "record",
      title: v.title,
      subtitle: v.location,
      logo: content.site.logo,
      photo: v.headerImage,
      alt: `${v.title}, ${v.location}. ${content.site.name}`,
    });
  });

  it("gives an employee their portrait, name and role", () => {
    const e = content.employees[0];
    const card = cards.find((c) => c.path === `/who-we-are/${e.id}`);
    expect(card).toMatchObject({ title: e.name, photo: e.image });
    expect(card.subtitle).toBe(e.teamShown || e.team.join(", "));
  });

  it("names only images and a logo that exist, by their file names", () => {
    for (const c of cards.filter((c) => c.photo)) {
      expect(existsSync(join(contentDir, "media/images", c.photo)), `${c.path}: ${c.photo}`).toBe(
        true,
      );
    }
    expect(existsSync(join(contentDir, "media/logos", content.site.logo))).toBe(true);
  });

  it("names files after the path", () => {
    expect(cardFileName("/")).toBe("home");
    expect(cardFileName("/careers/asset-manager")).toBe("careers-asset-manager");
    expect(cardFileName("/who-we-are/12")).toBe("who-we-are-12");
    expect(cardFileName("/404")).toBe("not-found");
  });
});

describe("renderCard", { timeout: 60_000 }, () => {
  const fonts = {
    serif: OutlineFont.fromFile(FONT_FILES.serif),
    sans: OutlineFont.fromFile(FONT_FILES.sans),
  };
  const logo = Buffer.from(MARK);
  const card = {
    path: "/careers/x",
    file: "careers-x",
    layout: "record",
    brand: "Firm",
    logo: "mark.svg",
    eyebrow: "Careers",
    title: "Asset Manager Residential",
    subtitle: "Amsterdam",
    photo: "p.jpg",
    alt: "Asset Manager Residential, Amsterdam. Firm",
  };
  let photo;
  beforeAll(async () => {
    photo = await photoOf("#334455", "#ddccbb");
  });

  it("is a 1200 x 630 JPEG, the same bytes for the same input", async () => {
    const a = await renderCard(card, { photo, logo, fonts });
    const b = await renderCard({ ...card }, { photo: Buffer.from(photo), logo, fonts });
    expect(a.equals(b)).toBe(true);
    const meta = await sharp(a).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: SHARE.width, height: SHARE.height });
  });

  it("changes with the title, the photo and the layout", async () => {
    const base = await renderCard(card, { photo, logo, fonts });
    const retitled = await renderCard(
      { ...card, title: "Asset Manager Retail" },
      { photo, logo, fonts },
    );
    const rephotographed = await renderCard(card, {
      photo: await photoOf("#553322", "#bbddcc"),
      logo,
      fonts,
    });
    const screen = await renderCard({ ...card, layout: "screen" }, { photo, logo, fonts });
    const plain = await renderCard({ ...card, layout: "screen" }, { photo: null, logo, fonts });
    const all = [base, retitled, rephotographed, screen, plain].map((b) => b.toString("base64"));
    expect(new Set(all).size).toBe(all.length);
  });

  it("sets a long title in the lines it has", async () => {
    const long = await renderCard(
      { ...card, title: "A very long title ".repeat(12) },
      { photo, logo, fonts },
    );
    expect((await sharp(long).metadata()).width).toBe(SHARE.width);
  });
});

describe("buildShareImages", { timeout: 120_000 }, () => {
  let dir, paths;
  const cards = (title = "Careers") => [
    {
      path: "/careers",
      file: "careers",
      layout: "screen",
      brand: "Firm",
      logo: "mark.svg",
      title,
      photo: "header.jpg",
      alt: `${title}. Firm`,
    },
    {
      path: "/who-we-are/1",
      file: "who-we-are-1",
      layout: "record",
      brand: "Firm",
      logo: "mark.svg",
      eyebrow: "Who we are",
      title: "Anna de Vries",
      subtitle: "Analyst",
      photo: "portrait.jpg",
      alt: "Anna de Vries, Analyst. Firm",
    },
  ];
  const files = async () => (await readdir(paths.publicDir)).sort();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "build-share-"));
    await mkdir(join(dir, "media/images"), { recursive: true });
    await mkdir(join(dir, "media/logos"), { recursive: true });
    await writeFile(
      join(dir, "media/images/header.jpg"),
      await photoOf("#0f2a3d", "#e3d3b4", 2000, 1250),
    );
    await writeFile(
      join(dir, "media/images/portrait.jpg"),
      await photoOf("#7f927a", "#eeeeee", 640, 800),
    );
    await writeFile(join(dir, "media/logos/mark.svg"), MARK);
    paths = {
      mediaDir: join(dir, "media"),
      publicDir: join(dir, "public/media/share"),
      manifestPath: join(dir, "generated/share.json"),
      cacheDir: join(dir, "cache"),
      logo: "mark.svg",
      concurrency: 2,
    };
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes hashed cards, the logo and the manifest", async () => {
    const { manifest, counts } = await buildShareImages({ ...paths, cards: cards() });
    expect(counts).toEqual({ cards: 2, rendered: 3, cached: 0 });
    expect(await files()).toEqual([
      expect.stringMatching(/^careers\.[0-9a-f]{8}\.jpg$/),
      expect.stringMatching(/^logo\.[0-9a-f]{8}\.png$/),
      expect.stringMatching(/^who-we-are-1\.[0-9a-f]{8}\.jpg$/),
    ]);
    expect(manifest.pages["/who-we-are/1"]).toEqual({
      src: expect.stringMatching(/^\/media\/share\/who-we-are-1\.[0-9a-f]{8}\.jpg$/),
      width: 1200,
      height: 630,
      type: "image/jpeg",
      alt: "Anna de Vries, Analyst. Firm",
    });
    expect(manifest.logo).toMatchObject({ width: SHARE.logoSize, height: SHARE.logoSize });
    const logo = await sharp(join(paths.publicDir, manifest.logo.src.split("/").pop())).metadata();
    expect(logo).toMatchObject({ format: "png", width: SHARE.logoSize, height: SHARE.logoSize });
    expect(JSON.parse(await readFile(paths.manifestPath, "utf8"))).toEqual(manifest);
  });

  it("renders nothing again when nothing changed, and gives the same names", async () => {
    const before = await files();
    const { counts } = await buildShareImages({ ...paths, cards: cards() });
    expect(counts).toEqual({ cards: 2, rendered: 0, cached: 3 });
    expect(await files()).toEqual(before);
  });

  it("makes a new file for an edited title or a replaced photo", async () => {
    const before = await files();
    const { counts } = await buildShareImages({ ...paths, cards: cards("Work with us") });
    expect(counts.rendered).toBe(1);
    const retitled = await files();
    expect(retitled.find((f) => f.startsWith("careers."))).not.toBe(
      before.find((f) => f.startsWith("careers.")),
    );
    expect(retitled.find((f) => f.startsWith("who-we-are-1."))).toBe(
      before.find((f) => f.startsWith("who-we-are-1.")),
    );

    await writeFile(
      join(dir, "media/images/portrait.jpg"),
      await photoOf("#aa3344", "#112233", 640, 800),
    );
    await buildShareImages({ ...paths, cards: cards("Work with us") });
    const rephotographed = await files();
    expect(rephotographed.find((f) => f.startsWith("who-we-are-1."))).not.toBe(
      retitled.find((f) => f.startsWith("who-we-are-1.")),
    );
    expect(rephotographed).toHaveLength(3);
  });

  it("stops with the page and the name of a missing photo, leaving the last output", async () => {
    const before = await files();
    const broken = cards();
    broken[1].photo = "nobody.jpg";
    await expect(buildShareImages({ ...paths, cards: broken })).rejects.toThrow(ShareError);
    await expect(buildShareImages({ ...paths, cards: broken })).rejects.toThrow(
      /\/who-we-are\/1.*unknown image "nobody.jpg": no .*media\/images\/nobody\.jpg/,
    );
    expect(await files()).toEqual(before);
  });

  it("stops when two pages would share a file", async () => {
    const twins = cards();
    twins[1].file = "careers";
    await expect(buildShareImages({ ...paths, cards: twins })).rejects.toThrow(
      /share the file name careers/,
    );
  });
});
