// Link previews: every page carries the full set of Open Graph and
// Twitter tags, its own share image answers with the size it declares, and the
// home page names the firm for search engines (Organization, WebSite).
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { readEntries } from "../lib/content-dir.mjs";
import { notFoundPath } from "../lib/paths.mjs";
import type { Person, VacancyEntry } from "../src/generated/content-entries";
import { expect, test } from "./fixtures";
import { pages } from "./pages";

const content = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../../content/${file}`, import.meta.url), "utf8")) as T;
const siteJson = content<typeof import("../../content/site.json")>("site.json");
const vacancies: VacancyEntry[] = readEntries("careers");
const employees: Person[] = readEntries("people");

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Every <meta name|property content> of a page, in order (keys may repeat). */
function metaTags(html: string): [string, string][] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)].map((m) => [
    m[1]!,
    decode(m[2]!),
  ]);
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

/** Width and height from a JPEG's frame header or a PNG's IHDR: the bytes, not the tags. */
function imageSize(buf: Buffer): { type: string; width: number; height: number } {
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { type: "image/png", width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2;
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) throw new Error(`not a JPEG marker at ${i}`);
      const marker = buf[i + 1]!;
      const length = buf.readUInt16BE(i + 2);
      // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return {
          type: "image/jpeg",
          height: buf.readUInt16BE(i + 5),
          width: buf.readUInt16BE(i + 7),
        };
      }
      i += 2 + length;
    }
  }
  throw new Error("neither a JPEG nor a PNG");
}

const REQUIRED = [
  "og:title",
  "og:description",
  "og:type",
  "og:site_name",
  "og:locale",
  "og:image",
  "og:image:type",
  "og:image:width",
  "og:image:height",
  "og:image:alt",
  "twitter:card",
  "twitter:title",
  "twitter:description",
  "twitter:image",
  "twitter:image:alt",
];

interface Page {
  path: string;
  status: number;
  tags: Map<string, string>;
  canonical?: string;
  jsonLd: Record<string, unknown>[];
}

async function load(request: APIRequestContext, path: string): Promise<Page> {
  const response = await request.get(path);
  const html = await response.text();
  const list = metaTags(html);
  const tags = new Map<string, string>();
  for (const [key, value] of list) {
    expect(tags.has(key), `${path}: ${key} is written once`).toBe(false);
    tags.set(key, value);
  }
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  return { path, status: response.status(), tags, canonical, jsonLd: jsonLd(html) };
}

/** The image at an absolute URL of the site, fetched from the server under test. */
async function fetchImage(request: APIRequestContext, url: string) {
  const response = await request.get(new URL(url).pathname);
  return {
    status: response.status(),
    contentType: response.headers()["content-type"],
    size: imageSize(await response.body()),
  };
}

// Every page class: the screens, one employee, one vacancy, and the 404 page.
const classes = [
  "/",
  "/what-we-do",
  "/who-we-are",
  `/who-we-are/${employees[0]!.id}`,
  "/charity",
  "/latest-insights",
  "/governance",
  "/careers",
  `/careers/${vacancies[0]!.slug}`,
  "/contact",
  "/privacy-statement",
];

test.describe("share tags", () => {
  test("every page has the full set, its own, with absolute URLs on the canonical origin", async ({
    request,
  }) => {
    const seen = new Map<string, string>();
    for (const path of pages) {
      const page = await load(request, path);
      expect(page.status, path).toBe(200);
      for (const key of REQUIRED) expect(page.tags.get(key), `${path}: ${key}`).toBeTruthy();
      const origin = new URL(page.canonical!).origin;
      expect(page.tags.get("og:url"), path).toBe(page.canonical);
      expect(page.tags.get("og:title"), path).toBe(page.tags.get("twitter:title"));
      expect(page.tags.get("og:description"), path).toBe(page.tags.get("twitter:description"));
      expect(page.tags.get("og:description"), path).toBe(page.tags.get("description"));
      expect(page.tags.get("og:locale"), path).toBe(siteJson.ogLocale);
      expect(page.tags.get("og:locale"), path).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
      expect(page.tags.get("twitter:card"), path).toBe("summary_large_image");
      const image = page.tags.get("og:image")!;
      expect(image, path).toMatch(/^https?:\/\//);
      expect(new URL(image).origin, path).toBe(origin);
      expect(new URL(image).pathname, path).toMatch(
        /^\/media\/share\/[a-z0-9-]+\.[0-9a-f]{8}\.jpg$/,
      );
      expect(page.tags.get("twitter:image"), path).toBe(image);
      expect(page.tags.get("twitter:image:alt"), path).toBe(page.tags.get("og:image:alt"));
      expect(page.tags.get("og:image:alt"), path).toContain(siteJson.name);
      // Unique per page: a preview never shows another page's title, text or picture.
      for (const key of ["og:title", "og:description", "og:url", "og:image", "og:image:alt"]) {
        const value = `${key}=${page.tags.get(key)}`;
        expect(seen.get(value), `${path} repeats ${key} of ${seen.get(value)}`).toBeUndefined();
        seen.set(value, path);
      }
    }
  });

  for (const path of [...classes, "/does-not-exist"]) {
    test(`${path}: og:image answers 200 with an image of the declared type and size`, async ({
      request,
    }) => {
      const page = await load(request, path);
      const image = await fetchImage(request, page.tags.get("og:image")!);
      expect(image.status).toBe(200);
      expect(image.contentType).toBe(page.tags.get("og:image:type"));
      expect(image.size).toEqual({
        type: page.tags.get("og:image:type"),
        width: Number(page.tags.get("og:image:width")),
        height: Number(page.tags.get("og:image:height")),
      });
      expect(image.size).toMatchObject({ width: 1200, height: 630 });
    });
  }

  test("the 404 page previews as itself: its own card, never indexed, no URL of its own", async ({
    request,
  }) => {
    const page = await load(request, "/does-not-exist");
    expect(page.status).toBe(404);
    for (const key of REQUIRED) expect(page.tags.get(key), key).toBeTruthy();
    expect(page.tags.get("robots")).toBe("noindex");
    // Served at every unknown URL: it has no canonical address to give.
    expect(page.tags.has("og:url")).toBe(false);
    expect(page.canonical).toBeUndefined();
    const prerendered = await load(request, notFoundPath);
    expect(prerendered.tags.get("og:image")).toBe(page.tags.get("og:image"));
    const home = await load(request, "/");
    expect(page.tags.get("og:image")).not.toBe(home.tags.get("og:image"));
  });
});

test.describe("structured data", () => {
  test("the home page names the firm: Organization with logo, founding date, offices, phone and LinkedIn", async ({
    request,
  }) => {
    const home = await load(request, "/");
    const org = home.jsonLd.find((d) => d["@type"] === "Organization")!;
    expect(org).toBeTruthy();
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      name: siteJson.name,
      url: home.canonical,
      foundingDate: siteJson.foundingDate,
      telephone: siteJson.phone,
      contactPoint: { "@type": "ContactPoint", telephone: siteJson.phone },
      sameAs: [siteJson.social.linkedinCompany],
    });
    expect(org.address).toEqual(
      siteJson.offices.map((o) => ({
        "@type": "PostalAddress",
        streetAddress: o.address,
        addressLocality: o.title,
        postalCode: o.zipCode,
        addressCountry: o.country,
      })),
    );
    const logo = org.logo as { url: string; width: number; height: number };
    expect(new URL(logo.url).origin).toBe(new URL(home.canonical!).origin);
    const image = await fetchImage(request, logo.url);
    expect(image.status).toBe(200);
    expect(image.size).toEqual({ type: "image/png", width: logo.width, height: logo.height });
    expect(logo.width).toBeGreaterThanOrEqual(112);

    const site = home.jsonLd.find((d) => d["@type"] === "WebSite")!;
    expect(site).toMatchObject({
      name: siteJson.name,
      url: home.canonical,
      publisher: { "@id": org["@id"] },
    });
  });

  test("only the home page carries the Organization; a vacancy keeps its JobPosting", async ({
    request,
  }) => {
    for (const path of classes.filter((p) => p !== "/")) {
      const page = await load(request, path);
      const types = page.jsonLd.map((d) => d["@type"]);
      expect(types, path).not.toContain("Organization");
      if (path.startsWith("/careers/")) {
        expect(types, path).toEqual(["JobPosting"]);
        const posting = page.jsonLd[0]!;
        expect(posting.hiringOrganization).toMatchObject({
          name: siteJson.name,
          sameAs: siteJson.social.linkedinCompany,
          logo: { "@type": "ImageObject" },
        });
      }
    }
  });
});
