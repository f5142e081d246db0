import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  markdownToSlate,
  slateToMarkdown,
} from "decap-cms-widget-markdown/dist/esm/serializers/index.js";
import { describe, expect, it } from "vitest";
import { keepContentMarkdownStyle } from "./markdown-style";

// A vacancy's text as content/careers.json writes it.
const stored =
  "What you will do:\n\n- Own the plan\n- Report to **the board**\n\n1. First\n2. Second";

/** A text opened in rich-text mode and saved untouched, as Decap writes it. */
const roundTrip = (markdown: string, remarkPlugins: unknown[]) =>
  slateToMarkdown(markdownToSlate(markdown, { remarkPlugins }), { remarkPlugins });

// Decap's widget needs a DOM (jsdom), where import.meta.url is no file URL:
// the tests run in web/.
const contentDir = join(process.cwd(), "..", "content");

/** Every text of content/*.json with Markdown in it (a line break, a link, emphasis). */
function storedMarkdown(): [string, string][] {
  const found: [string, string][] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === "string") {
      if (/[\n[*_]/.test(value)) found.push([where, value]);
    } else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`);
    }
  };
  for (const file of readdirSync(contentDir).filter((f) => f.endsWith(".json"))) {
    walk(JSON.parse(readFileSync(join(contentDir, file), "utf8")), file);
  }
  return found;
}

describe("keepContentMarkdownStyle", () => {
  it("leaves a field saved in rich-text mode as it was written", () => {
    expect(roundTrip(stored, [keepContentMarkdownStyle])).toBe(stored);
  });

  it("is needed: Decap's writer alone rewrites every bullet", () => {
    expect(roundTrip(stored, [])).toContain("* Own the plan");
  });

  it("leaves every Markdown text of content/ as it is stored", () => {
    const texts = storedMarkdown();
    expect(texts.length).toBeGreaterThan(3);
    for (const [where, text] of texts) {
      expect(roundTrip(text, [keepContentMarkdownStyle]), where).toBe(text);
    }
  });
});
