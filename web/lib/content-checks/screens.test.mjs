// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir } from "../content-dir.mjs";
import { check, screenFiles } from "./screens.mjs";

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
      "an office without an accordion entry",
      (/** @type {any} */ f) => f["contact.json"].offices.pop(),
      "contact.json: /offices: office helsinki of site.json has no entry",
    ],
  ])("reports %s", (_, change, message) => {
    expect(errorsAfter(change)).toContain(message);
  });
});
