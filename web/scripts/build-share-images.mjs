#!/usr/bin/env node
// build-share-images: the pictures a link preview shows (LinkedIn, Slack, X,
// messengers) for every page, made from content at build. Runs after
// build-media (npm run media).
//
//   each screen      its header photo under its heading         /media/share/<page>.<hash8>.jpg
//   each vacancy     title, location, the firm's mark, photo    /media/share/careers-<slug>.<hash8>.jpg
//   each employee    portrait, name and role                    /media/share/who-we-are-<id>.<hash8>.jpg
//   the firm's mark  as a PNG, the Organization logo            /media/share/logo.<hash8>.png
//   manifest         src/generated/share.json (page path -> image, size, alt text)
//
// 1200 x 630 JPEG (link previews refuse AVIF; JPEG keeps photos small). Text is
// set in the site's serif and sans faces from font files committed in
// scripts/fonts/, as outlines (scripts/share-text.mjs): the same content gives
// the same bytes on any machine with the same sharp. Renders are cached in
// web/.media-cache/share/ by everything that goes into them (texts, photo and
// logo bytes, fonts, settings, sharp and libvips versions), so an unchanged
// build only copies files; a new photo or an edited title makes a new file
// with a new hashed name.
//
// Usage: node scripts/build-share-images.mjs     (from web/, or any cwd)
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { mediaKinds } from "../lib/media-kinds.mjs";
import { OutlineFont, ShareTextError, clean, fit } from "./share-text.mjs";
import { readEntries } from "../lib/content-dir.mjs";
import { notFoundPath, staticPaths } from "../lib/paths.mjs";

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = resolve(WEB, "..");

/** Layout and encoding. Changing any value renders every image again. */
export const SHARE = Object.freeze({
  version: 2,
  width: 1200,
  height: 630,
  margin: 72,
  // The site's colours (src/styles/global.css).
  colors: { navy: "#0f2a3d", sand: "#e3d3b4", white: "#ffffff" },
  // 4:4:4 keeps the edges of the letters clean; ~100-200 KB a card.
  jpeg: { quality: 84, chromaSubsampling: "4:4:4", mozjpeg: true },
  logoSize: 512,
});

/**
 * The site's type: headings in its serif (Iowan Old Style, Palatino Linotype,
 * Palatino, … in global.css; Palatino's design, as TeX Gyre Pagella), small
 * text in its sans stack's Roboto. See scripts/fonts/README.md.
 */
export const FONT_FILES = Object.freeze({
  serif: join(WEB, "scripts/fonts/texgyrepagella-regular.otf"),
  sans: join(WEB, "scripts/fonts/Roboto-Regular.ttf"),
});

export class ShareError extends Error {
  constructor(message) {
    super(`build-share-images: ${message}`);
    this.name = "ShareError";
  }
}

const sha256 = (...parts) => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return h.digest("hex");
};
const rel = (p) => relative(ROOT, p) || p;

/** The file name (without hash) of a page's card: "/" -> "home", "/careers/x" -> "careers-x". */
export function cardFileName(path) {
  if (path === "/") return "home";
  if (path === notFoundPath) return "not-found";
  return path.slice(1).replace(/\//g, "-");
}

/**
 * The photo under each screen's heading, as its page shell shows it (src/pages):
 * a content field naming an image, with its alt text. Screens not listed
 * (latest insights, privacy statement) have no header photo: their card is
 * the heading on the site's navy.
 * @type {Record<string, (c: any) => { image: string, alt: string }>}
 */
export const screenPhotos = {
  "/": (c) => c.home.hero,
  "/what-we-do": (c) => c.whatWeDo.header,
  "/who-we-are": (c) => ({ image: c.people.dna.image, alt: "" }),
  "/charity": (c) => c.charity.header,
  "/governance": (c) => c.governance.header,
  "/careers": (c) => ({ image: c.careers.page.videoPoster, alt: "" }),
  "/contact": (c) => c.contact.header,
};

/**
 * The text alternative of a card: what it says, in reading order, then what
 * its photo shows.
 */
function altText(brand, title, subtitle, photoAlt) {
  const head = subtitle ? `${clean(title)}, ${clean(subtitle)}` : clean(title);
  return [head, brand, clean(photoAlt ?? "")].filter(Boolean).join(". ");
}

/** The role line of a person: the displayed title, else the teams (as src/lib/directory.ts teamLine). */
const teamLine = (e) => e.teamShown.trim() || e.team.join(", ");

/**
 * Every card the site needs, from its content: one per prerendered page.
 * @param {Record<string, any>} c content files by name: site, pages, home, whatWeDo, people, charity, governance, contact, careers (with its vacancies), and the people of the directory as employees
 * @returns {Array<{ path: string, file: string, layout: "screen" | "record", brand: string, logo: string, eyebrow?: string, title: string, subtitle?: string, photo: string | null, alt: string }>}
 */
export function shareCards(c) {
  const brand = c.site.name;
  const logo = c.site.logo;
  /** One card: what every card has, plus its own text and photo. */
  const card = (path, layout, { eyebrow, title, subtitle, photo, photoAlt }) => ({
    path,
    file: cardFileName(path),
    layout,
    brand,
    logo,
    ...(eyebrow === undefined ? {} : { eyebrow }),
    title,
    ...(subtitle === undefined ? {} : { subtitle }),
    photo,
    alt: altText(brand, title, subtitle ?? "", photoAlt),
  });
  const cards = [];
  for (const path of staticPaths) {
    const photo = screenPhotos[path]?.(c) ?? null;
    const title = c.pages[path].heading;
    cards.push(card(path, "screen", { title, photo: photo?.image ?? null, photoAlt: photo?.alt }));
  }
  for (const v of c.careers.vacancies) {
    cards.push(
      card(`/careers/${v.slug}`, "record", {
        eyebrow: c.pages["/careers"].heading,
        title: v.title,
        subtitle: v.location,
        photo: v.headerImage,
      }),
    );
  }
  for (const e of c.employees) {
    cards.push(
      card(`/who-we-are/${e.id}`, "record", {
        eyebrow: c.pages["/who-we-are"].heading,
        title: e.name,
        subtitle: teamLine(e),
        photo: e.image,
      }),
    );
  }
  cards.push(card(notFoundPath, "screen", { title: c.site.notFound.title, photo: null }));
  return cards;
}

/** Reads the content files shareCards needs. */
export async function readContent(contentDir) {
  const load = async (f) => JSON.parse(await readFile(join(contentDir, f), "utf8"));
  const [site, pages, home, whatWeDo, people, charity, governance, contact, careers] =
    await Promise.all(
      [
        "site",
        "pages",
        "home",
        "what-we-do",
        "people",
        "charity",
        "governance",
        "contact",
        "careers",
      ].map((n) => load(`${n}.json`)),
    );
  careers.vacancies = readEntries("careers", contentDir);
  const employees = readEntries("people", contentDir);
  return { site, pages, home, whatWeDo, people, charity, governance, contact, careers, employees };
}

/**
 * The source file of an image in content/media/images, by the file name the
 * content holds ("home-hero.jpg").
 */
function imagePath(mediaDir, file) {
  const p = join(mediaDir, mediaKinds.image.folder, file);
  if (!existsSync(p)) throw new ShareError(`unknown image "${file}": no ${rel(p)}`);
  return p;
}

/** The source file of a logo in content/media/logos, by its file name ("veldhaven-mark.svg"). */
function logoPath(mediaDir, file) {
  const p = join(mediaDir, mediaKinds.logo.folder, file);
  if (!existsSync(p)) throw new ShareError(`unknown logo "${file}": no ${rel(p)}`);
  return p;
}

const escapeXml = (s) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One line of text as an SVG path element. */
function textPath(font, text, size, x, baseline, fill, tracking = 0) {
  const d = font.path(text, size, x, baseline, tracking);
  return d ? `<path fill="${fill}" d="${d}"/>` : "";
}

/**
 * A block of lines set from the bottom up: returns the SVG and the y of its top.
 * @param {OutlineFont} font
 */
function linesFromBottom(font, lines, size, lineHeight, x, bottom, fill, tracking = 0) {
  const descent = size * 0.28;
  const top = bottom - descent - font.ascent(size) - (lines.length - 1) * lineHeight;
  const svg = lines
    .map((line, i) =>
      textPath(font, line, size, x, top + font.ascent(size) + i * lineHeight, fill, tracking),
    )
    .join("");
  return { svg, top };
}

/**
 * Renders one card to JPEG bytes.
 * @param {ReturnType<typeof shareCards>[number]} card
 * @param {{ photo: Buffer | null, logo: Buffer, fonts: { serif: OutlineFont, sans: OutlineFont } }} assets
 */
export async function renderCard(card, { photo, logo, fonts }) {
  const { width: W, height: H, margin: M, colors } = SHARE;
  const { serif, sans } = fonts;
  const record = card.layout === "record";
  // A record's photo is a panel on the right, the 4:5 of the portraits at full height.
  const panel = record ? Math.round((H * 4) / 5) : 0;
  const textWidth = record ? W - panel - 2 * M : 960;

  const layers = [];
  let base;
  if (photo) {
    const size = record ? { width: panel, height: H } : { width: W, height: H };
    const picture = await sharp(photo, { failOn: "error" })
      .rotate()
      .toColourspace("srgb")
      .resize({ ...size, fit: "cover", position: "attention" })
      .removeAlpha()
      .toBuffer();
    if (record) {
      base = sharp({ create: { width: W, height: H, channels: 3, background: colors.navy } });
      layers.push({ input: picture, left: W - panel, top: 0 });
    } else {
      base = sharp(picture);
    }
  } else {
    base = sharp({ create: { width: W, height: H, channels: 3, background: colors.navy } });
  }

  // The firm's mark and name, top left.
  const markSize = 56;
  const mark = await sharp(logo, { density: Math.ceil((72 * markSize * 2) / 48) })
    .resize(markSize, markSize, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();

  const svg = [];
  if (photo && !record) {
    // Navy over the photo, strongest behind the text (left and bottom).
    svg.push(
      `<defs><linearGradient id="l" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${colors.navy}" stop-opacity="0.86"/><stop offset="0.65" stop-color="${colors.navy}" stop-opacity="0.5"/><stop offset="1" stop-color="${colors.navy}" stop-opacity="0.2"/></linearGradient>` +
        `<linearGradient id="b" x1="0" x2="0" y1="0" y2="1"><stop offset="0.35" stop-color="${colors.navy}" stop-opacity="0"/><stop offset="1" stop-color="${colors.navy}" stop-opacity="0.6"/></linearGradient></defs>` +
        `<rect width="${W}" height="${H}" fill="url(#l)"/><rect width="${W}" height="${H}" fill="url(#b)"/>`,
    );
  }
  const brandSize = 28;
  const brandBaseline = M + markSize / 2 + serif.ascent(brandSize) * 0.36;
  svg.push(textPath(serif, card.brand, brandSize, M + markSize + 18, brandBaseline, colors.white));

  let bottom = H - M - 8;
  if (card.subtitle) {
    const sub = fit(card.subtitle, { sizes: [28, 24], maxWidth: textWidth, maxLines: 2 }, (s, z) =>
      sans.width(s, z),
    );
    const block = linesFromBottom(
      sans,
      sub.lines,
      sub.size,
      sub.size * 1.3,
      M,
      bottom,
      colors.sand,
    );
    svg.push(block.svg);
    bottom = block.top - 22;
  }
  const title = fit(
    card.title,
    record
      ? { sizes: [64, 58, 52, 46, 40], maxWidth: textWidth, maxLines: 3 }
      : { sizes: [76, 68, 60, 54, 48], maxWidth: textWidth, maxLines: 3 },
    (s, z) => serif.width(s, z),
  );
  const heading = linesFromBottom(
    serif,
    title.lines,
    title.size,
    title.size * 1.12,
    M,
    bottom,
    colors.white,
  );
  svg.push(heading.svg);
  let above = heading.top - 30;
  if (card.eyebrow) {
    const size = 20;
    const text = card.eyebrow.toUpperCase();
    svg.push(textPath(sans, text, size, M, above, colors.sand, 0.14));
    above -= size + 26;
  }
  // The site's sand rule above the heading.
  svg.push(
    `<rect x="${M}" y="${Math.round(above - 4)}" width="72" height="4" fill="${colors.sand}"/>`,
  );

  layers.push({
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><title>${escapeXml(card.alt)}</title>${svg.join("")}</svg>`,
    ),
    left: 0,
    top: 0,
  });
  layers.push({ input: mark, left: M, top: M });

  return base.composite(layers).flatten({ background: colors.navy }).jpeg(SHARE.jpeg).toBuffer();
}

/** The firm's mark as a square PNG for the Organization logo (search engines want a raster image). */
export async function renderLogo(svg) {
  const size = SHARE.logoSize;
  return sharp(svg, { density: Math.ceil((72 * size) / 48) * 2 })
    .resize(size, size, { fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 0 } })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
}

/** Runs fn over items, `limit` at a time; on an error, starts nothing new and waits for the rest before rethrowing. */
async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i], i);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const settled = await Promise.allSettled(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  );
  const rejected = settled.find((r) => r.status === "rejected");
  if (rejected) throw rejected.reason;
  return results;
}

async function writeIfChanged(path, text) {
  try {
    if ((await readFile(path, "utf8")) === text) return;
  } catch {
    // missing: write it
  }
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** Reads the file at path once per build. */
function memo(fn) {
  const cache = new Map();
  return (key) => {
    if (!cache.has(key)) cache.set(key, fn(key));
    return cache.get(key);
  };
}

/**
 * Renders every card (from cache where nothing changed) into publicDir and
 * writes the manifest. Paths default to the repository layout; tests pass their own.
 * @param {{ cards?: ReturnType<typeof shareCards>, logo?: string, contentDir?: string, mediaDir?: string, publicDir?: string, manifestPath?: string, cacheDir?: string, urlBase?: string, fontFiles?: typeof FONT_FILES, concurrency?: number }} [options]
 */
export async function buildShareImages({
  contentDir = join(ROOT, "content"),
  cards,
  logo,
  mediaDir = join(contentDir, "media"),
  publicDir = join(WEB, "public/media/share"),
  manifestPath = join(WEB, "src/generated/share.json"),
  cacheDir = join(WEB, ".media-cache/share"),
  urlBase = "/media/share",
  fontFiles = FONT_FILES,
  concurrency = availableParallelism(),
} = {}) {
  const started = performance.now();
  if (!cards || !logo) {
    const content = await readContent(contentDir);
    cards ??= shareCards(content);
    logo ??= content.site.logo;
  }
  const fontBytes = {
    serif: await readFile(fontFiles.serif),
    sans: await readFile(fontFiles.sans),
  };
  let fonts;
  const loadFonts = () =>
    (fonts ??= {
      serif: new OutlineFont(fontBytes.serif, rel(fontFiles.serif)),
      sans: new OutlineFont(fontBytes.sans, rel(fontFiles.sans)),
    });
  const settings = JSON.stringify({ SHARE, versions: sharp.versions });
  const fontKey = sha256(fontBytes.serif, fontBytes.sans);
  const readBytes = memo((p) => readFile(p));

  await mkdir(cacheDir, { recursive: true });
  const out = `${publicDir}.tmp-${process.pid}`;
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });

  let rendered = 0;
  const manifest = { logo: null, pages: {} };
  try {
    const logoSvg = await readBytes(logoPath(mediaDir, logo));
    const logoKey = sha256("logo", settings, logoSvg);
    const logoCached = join(cacheDir, `${logoKey}.png`);
    let logoPng;
    if (existsSync(logoCached)) logoPng = await readFile(logoCached);
    else {
      logoPng = await renderLogo(logoSvg);
      await writeFile(logoCached, logoPng);
      rendered++;
    }
    const logoFile = `logo.${sha256(logoPng).slice(0, 8)}.png`;
    await writeFile(join(out, logoFile), logoPng);
    manifest.logo = {
      src: `${urlBase}/${logoFile}`,
      width: SHARE.logoSize,
      height: SHARE.logoSize,
    };

    const seen = new Map();
    for (const card of cards) {
      if (seen.has(card.file))
        throw new ShareError(
          `${card.path} and ${seen.get(card.file)} share the file name ${card.file}`,
        );
      seen.set(card.file, card.path);
    }

    // Every name resolved before any work: a missing file stops the build at once.
    const sources = cards.map((card) => {
      try {
        return {
          photo: card.photo ? imagePath(mediaDir, card.photo) : null,
          logo: logoPath(mediaDir, card.logo),
        };
      } catch (err) {
        throw new ShareError(`${card.path}: ${err.message.replace(/^build-share-images: /, "")}`);
      }
    });

    const results = await pool(cards, concurrency, async (card, i) => {
      const photo = sources[i].photo ? await readBytes(sources[i].photo) : null;
      const cardLogo = await readBytes(sources[i].logo);
      const key = sha256(
        JSON.stringify(card),
        settings,
        fontKey,
        sha256(photo ?? ""),
        sha256(cardLogo),
      );
      const cached = join(cacheDir, `${key}.jpg`);
      let bytes;
      if (existsSync(cached)) bytes = await readFile(cached);
      else {
        try {
          bytes = await renderCard(card, { photo, logo: cardLogo, fonts: loadFonts() });
        } catch (err) {
          const reason =
            err instanceof ShareTextError ? err.message.replace(/^[^:]+: /, "") : err.message;
          throw new ShareError(`${card.path} (${card.photo ?? "no photo"}): ${reason}`);
        }
        const tmp = `${cached}.tmp-${process.pid}`;
        await writeFile(tmp, bytes);
        await rename(tmp, cached);
        rendered++;
      }
      const file = `${card.file}.${sha256(bytes).slice(0, 8)}.jpg`;
      await copyFile(cached, join(out, file));
      return { card, file };
    });
    for (const { card, file } of results) {
      manifest.pages[card.path] = {
        src: `${urlBase}/${file}`,
        width: SHARE.width,
        height: SHARE.height,
        type: "image/jpeg",
        alt: card.alt,
      };
    }
  } catch (err) {
    await rm(out, { recursive: true, force: true });
    throw err;
  }

  await rm(publicDir, { recursive: true, force: true });
  await mkdir(dirname(publicDir), { recursive: true });
  await rename(out, publicDir);
  await writeIfChanged(manifestPath, JSON.stringify(manifest, null, 2) + "\n");
  return {
    manifest,
    counts: { cards: cards.length, rendered, cached: cards.length + 1 - rendered },
    ms: Math.round(performance.now() - started),
  };
}

async function main() {
  const { counts, ms } = await buildShareImages();
  console.log(
    `build-share-images: ${counts.cards} cards and the logo (${counts.rendered} rendered, ${counts.cached} from cache) in ${(ms / 1000).toFixed(1)} s`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof ShareError ? err.message : err);
    process.exit(1);
  });
}
