// @vitest-environment node
import { existsSync } from "node:fs";
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMedia, focalPoint, svgSize, variantWidths } from "./build-media.mjs";

describe("variantWidths", () => {
  it("never upscales and always includes the source width up to the largest", () => {
    expect(variantWidths(2000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1200)).toEqual([320, 640, 960, 1200]);
    expect(variantWidths(900)).toEqual([320, 640, 900]);
    expect(variantWidths(200)).toEqual([200]);
  });
});

describe("svgSize", () => {
  it.each([
    [
      '<svg xmlns="http://www.w3.org/2000/svg" width="220" height="48">',
      { width: 220, height: 48 },
    ],
    ['<svg width="120px" height="40px" viewBox="0 0 60 20">', { width: 120, height: 40 }],
    ['<svg viewBox="0 0 300 50">', { width: 300, height: 50 }],
    ['<svg width="100" viewBox="0 0 300 50">', { width: 100, height: 17 }],
    ['<?xml version="1.0"?>\n<svg\n  viewBox="0 0 48 48"\n>', { width: 48, height: 48 }],
  ])("%s", (svg, size) => expect(svgSize(svg + "</svg>")).toEqual(size));

  it("is null without a usable size", () => {
    expect(svgSize('<svg width="100%" height="100%"></svg>')).toBeNull();
    expect(svgSize("<html></html>")).toBeNull();
  });
});

describe("focalPoint", () => {
  /** A grey photo with a face-like subject (a detailed, saturated disc) at (x, y). */
  const photo = async (width, height, x, y) => {
    const r = Math.round(Math.min(width, height) / 8);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#8a8a8a"/><circle cx="${x}" cy="${y}" r="${r}" fill="#e0a080"/><circle cx="${x - r / 3}" cy="${y - r / 4}" r="${r / 8}" fill="#202020"/><circle cx="${x + r / 3}" cy="${y - r / 4}" r="${r / 8}" fill="#202020"/><rect x="${x - r / 3}" y="${y + r / 3}" width="${(2 * r) / 3}" height="${r / 8}" fill="#a02020"/></svg>`;
    return sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  };

  it.each([
    ["a landscape photo, subject at the left", [2000, 1000, 300, 500], 0],
    ["a landscape photo, subject at the right", [2000, 1000, 1750, 500], 0],
    ["an upright portrait, face near the top", [640, 800, 320, 180], 1],
    ["an upright portrait, face near the bottom", [640, 800, 320, 650], 1],
  ])("keeps %s in every cut", async (_, [w, h, x, y], axis) => {
    const position = (await focalPoint(await photo(w, h, x, y))).map((p) => p / 100);
    const subject = [x / w, y / h][axis];
    // A box showing the fraction k of that side, cut at object-position p, shows
    // p(1 - k) to p(1 - k) + k of it: the subject's centre is in every box the site uses.
    const boxes = axis === 0 ? [3 / 4 / (w / h), 1 / (w / h), 1.33 / (w / h)] : [0.5, 0.6, 0.8];
    for (const k of boxes) {
      const from = position[axis] * (1 - k);
      expect(subject).toBeGreaterThan(from + 0.02);
      expect(subject).toBeLessThan(from + k - 0.02);
    }
    expect(position[1 - axis]).toBe(0.5);
  });
});

// Real AVIF encodes: seconds on an idle 2-core machine, much more on a busy one.
describe("buildMedia", { timeout: 120_000 }, () => {
  let dir, paths;

  const gradient = (width, height) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#0f2a3d"/><stop offset="1" stop-color="#e4d6bc"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
    );

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "build-media-"));
    const content = join(dir, "content");
    for (const d of ["images", "video", "logos", "documents"])
      await mkdir(join(content, d), { recursive: true });
    await sharp(gradient(2100, 1050)).jpeg().toFile(join(content, "images/wide.jpg"));
    await sharp(gradient(700, 400)).png().toFile(join(content, "images/small.png"));
    await writeFile(
      join(content, "logos/mark.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48"/></svg>',
    );
    await writeFile(join(content, "documents/policy.pdf"), "%PDF-1.7\n% test\n%%EOF\n");
    const mp4 = Buffer.alloc(64);
    mp4.write("ftypisom", 4, "latin1");
    await writeFile(join(content, "video/loop.mp4"), mp4);
    await writeFile(join(content, "images/README.txt"), "ignored");
    paths = {
      contentDir: content,
      publicDir: join(dir, "public/media"),
      manifestPath: join(dir, "generated/media.json"),
      cacheDir: join(dir, "cache"),
      concurrency: 2,
    };
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes hashed AVIF and WebP variants, copies the rest and writes the manifest", async () => {
    const { manifest, counts } = await buildMedia(paths);
    expect(counts).toMatchObject({
      images: 2,
      encoded: 2,
      cached: 0,
      videos: 1,
      logos: 1,
      documents: 1,
    });

    // Keyed by media name; each entry names its source file, as content refers to it.
    const wide = manifest.images.wide;
    expect(wide).toMatchObject({ file: "wide.jpg", width: 2100, height: 1050 });
    expect(manifest.images.small.file).toBe("small.png");
    expect(wide.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(wide.avif.map((v) => v.w)).toEqual([320, 640, 960, 1280, 1920]);
    expect(wide.webp.map((v) => v.w)).toEqual([320, 640, 960, 1280, 1920]);
    for (const v of [...wide.avif, ...wide.webp]) {
      expect(v.src).toMatch(/^\/media\/img\/wide-\d+\.[0-9a-f]{8}\.(avif|webp)$/);
      expect(existsSync(join(paths.publicDir, v.src.replace("/media/", "")))).toBe(true);
    }
    const file = join(paths.publicDir, wide.avif[1].src.replace("/media/", ""));
    expect(await sharp(file).metadata()).toMatchObject({ width: 640, height: 320 });
    expect(manifest.images.small.avif.map((v) => v.w)).toEqual([320, 640, 700]);

    expect(manifest.videos.loop).toMatchObject({ file: "loop.mp4" });
    expect(manifest.videos.loop.src).toMatch(/^\/media\/video\/loop\.[0-9a-f]{8}\.mp4$/);
    expect(manifest.logos.mark).toMatchObject({ file: "mark.svg", width: 48, height: 48 });
    expect(manifest.logos.mark.src).toMatch(/^\/media\/logos\/mark\.[0-9a-f]{8}\.svg$/);
    expect(manifest.documents.policy).toEqual({
      file: "policy.pdf",
      src: "/media/documents/policy.pdf",
      bytes: 22,
    });

    expect(JSON.parse(await readFile(paths.manifestPath, "utf8"))).toEqual(manifest);
    expect(await readFile(join(dir, "generated/media.css"), "utf8")).toContain(
      `.media-bg-wide{background-color:${wide.color};object-position:${wide.focus[0]}% ${wide.focus[1]}%}`,
    );
  });

  it("takes unchanged images from the cache and produces identical output", async () => {
    const before = await readFile(paths.manifestPath, "utf8");
    const { counts } = await buildMedia(paths);
    expect(counts).toMatchObject({ encoded: 0, cached: 2 });
    expect(await readFile(paths.manifestPath, "utf8")).toBe(before);
  });

  it("keeps the share images (build-share-images' folder) when it runs alone", async () => {
    await mkdir(join(paths.publicDir, "share"), { recursive: true });
    await writeFile(join(paths.publicDir, "share/home.0123abcd.jpg"), "jpeg");
    await buildMedia(paths);
    expect(await readFile(join(paths.publicDir, "share/home.0123abcd.jpg"), "utf8")).toBe("jpeg");
  });

  it("drops output of removed sources", async () => {
    await rm(join(paths.contentDir, "images/small.png"));
    const { manifest } = await buildMedia(paths);
    expect(manifest.images.small).toBeUndefined();
    expect((await readdir(join(paths.publicDir, "img"))).some((f) => f.startsWith("small-"))).toBe(
      false,
    );
  });

  it("fails naming the file and the reason for an unreadable image, keeping the previous output", async () => {
    await writeFile(join(paths.contentDir, "images/broken.jpg"), "this is not a JPEG");
    await expect(buildMedia(paths)).rejects.toThrow(
      /^build-media: cannot read image .*images\/broken\.jpg: .+/,
    );
    expect(existsSync(join(paths.publicDir, "documents/policy.pdf"))).toBe(true);
    await rm(join(paths.contentDir, "images/broken.jpg"));
  });

  it("fails on a truncated image", async () => {
    const whole = await sharp(gradient(400, 300)).jpeg().toBuffer();
    await writeFile(
      join(paths.contentDir, "images/truncated.jpg"),
      whole.subarray(0, whole.length / 2),
    );
    await expect(buildMedia(paths)).rejects.toThrow(/cannot read image .*truncated\.jpg/);
    await rm(join(paths.contentDir, "images/truncated.jpg"));
  });

  it("rejects names that are not kebab-case and duplicate names", async () => {
    await writeFile(join(paths.contentDir, "documents/Annual Report.pdf"), "%PDF-1.7\n");
    await expect(buildMedia(paths)).rejects.toThrow(
      /Annual Report\.pdf: file name "Annual Report" must be lower-case kebab-case/,
    );
    await rm(join(paths.contentDir, "documents/Annual Report.pdf"));

    await sharp(gradient(100, 100)).png().toFile(join(paths.contentDir, "images/wide.png"));
    await expect(buildMedia(paths)).rejects.toThrow(/media name "wide" is also used by/);
    await rm(join(paths.contentDir, "images/wide.png"));
  });

  it("rejects an upper-case extension, which no content field could name", async () => {
    await writeFile(join(paths.contentDir, "documents/annual-report.PDF"), "%PDF-1.7\n");
    await expect(buildMedia(paths)).rejects.toThrow(
      /annual-report\.PDF: the extension must be lower-case \(annual-report\.pdf\)/,
    );
    await rm(join(paths.contentDir, "documents/annual-report.PDF"));
  });

  it("rejects a document that is not a PDF and a logo without a size", async () => {
    await writeFile(join(paths.contentDir, "documents/fake.pdf"), "<html>");
    await expect(buildMedia(paths)).rejects.toThrow(
      /cannot read document .*fake\.pdf: not a PDF file/,
    );
    await rm(join(paths.contentDir, "documents/fake.pdf"));

    await writeFile(join(paths.contentDir, "logos/nosize.svg"), "<svg></svg>");
    await expect(buildMedia(paths)).rejects.toThrow(/cannot read logo .*nosize\.svg/);
    await rm(join(paths.contentDir, "logos/nosize.svg"));
  });
});
