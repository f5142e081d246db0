// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir } from "../content-dir.mjs";
import { check, mediaKind, screenFiles } from "./screens.mjs";

const load = (/** @type {string} */ f) => JSON.parse(readFileSync(join(contentDir, f), "utf8"));

/** The real content with one change applied; returns the check's messages. */
function errorsAfter(/** @type {(files: Record<string, any>) => void} */ change) {
  /** @type {Record<string, any>} */
  const files = { "site.json": load("site.json") };
  for (const f of screenFiles) files[f] = load(f);
  change(files);
  return check(files, contentDir).map((e) => `${e.file}: ${e.field}: ${e.reason}`);
}

describe("content screens check", () => {
  it("accepts the firm's content", () => {
    expect(errorsAfter(() => {})).toEqual([]);
  });

  it.each([
    [
      "a misspelt photo",
      (/** @type {any} */ f) => (f["home.json"].hero.image = "home-heor"),
      'home.json: /hero/image: unknown image "home-heor": no content/media/images/home-heor.jpg or .png',
    ],
    [
      "a missing partner crop",
      (/** @type {any} */ f) => (f["charity.json"].partners[1].images.tablet = "sina-square"),
      'charity.json: /partners/1/images/tablet: unknown image "sina-square": no content/media/images/sina-square.jpg or .png',
    ],
    [
      "a missing logo",
      (/** @type {any} */ f) => (f["charity.json"].anbi.logo = "anbi-2"),
      'charity.json: /anbi/logo: unknown logo "anbi-2": no content/media/logos/anbi-2.svg',
    ],
    [
      "a missing document",
      (/** @type {any} */ f) => (f["governance.json"].downloads.items[0].document = "policy"),
      'governance.json: /downloads/items/0/document: unknown document "policy": no content/media/documents/policy.pdf',
    ],
    [
      "a missing video",
      (/** @type {any} */ f) => (f["charity.json"].foundation.video.name = "intro"),
      'charity.json: /foundation/video/name: unknown video "intro": no content/media/video/intro.mp4',
    ],
    [
      "an unknown placeholder",
      (/** @type {any} */ f) => (f["privacy.json"].introduction[0] = "Mail {email.privacy}."),
      "privacy.json: /introduction/0: unknown placeholder {email.privacy} (not in site.json)",
    ],
    [
      "blank text",
      (/** @type {any} */ f) => (f["what-we-do.json"].dealTeam.text[0] = "  "),
      "what-we-do.json: /dealTeam/text/0: is blank",
    ],
    [
      "an unknown office",
      (/** @type {any} */ f) => (f["contact.json"].map.office = "paris"),
      "contact.json: /map/office: unknown office paris (one of amsterdam, dublin, copenhagen, helsinki in site.json)",
    ],
    [
      "an office without an accordion entry",
      (/** @type {any} */ f) => f["contact.json"].offices.pop(),
      "contact.json: /offices: office helsinki of site.json has no entry",
    ],
    [
      "a duplicate partner",
      (/** @type {any} */ f) => (f["charity.json"].partners[2].id = "sina"),
      "charity.json: /partners/2/id: duplicate id sina",
    ],
  ])("reports %s", (_, change, message) => {
    expect(errorsAfter(change)).toContain(message);
  });
});

describe("mediaKind", () => {
  it.each([
    [["hero", "image"], "image"],
    [["partners", "images", "mobile"], "image"],
    [["foundation", "video", "poster"], "image"],
    [["foundation", "video", "name"], "video"],
    [["partners", "name"], undefined],
    [["anbi", "logo"], "logo"],
    [["downloads", "items", "document"], "document"],
    [["map", "previewImage"], "image"],
  ])("%j -> %s", (keys, kind) => expect(mediaKind(keys)).toBe(kind));
});
