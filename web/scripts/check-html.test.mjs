import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { errorLines, htmlFiles } from "./check-html.mjs";

describe("htmlFiles", () => {
  it("finds every .html file under the build, sorted", () => {
    const root = mkdtempSync(join(tmpdir(), "check-html-"));
    mkdirSync(join(root, "b"));
    for (const f of ["index.html", "b/index.html", "b/index.html.br", "a.js"])
      writeFileSync(join(root, f), "");
    expect(htmlFiles(root)).toEqual([join(root, "b/index.html"), join(root, "index.html")]);
  });
});

describe("errorLines", () => {
  const root = "/site/dist";
  const url = pathToFileURL(join(root, "charity/index.html")).href;
  it.each([
    {
      name: "an error: page, line, column, message and extract",
      messages: [
        {
          type: "error",
          url,
          lastLine: 11,
          firstColumn: 44361,
          message: "Stray start tag “script”.",
          extract: "</html><script\n type",
        },
      ],
      want: ["charity/index.html:11:44361: Stray start tag “script”.", "    </html><script type"],
    },
    {
      name: "the checker's own failure counts too",
      messages: [{ type: "non-document-error", subType: "io", message: "File not found" }],
      want: [": File not found"],
    },
    {
      name: "warnings and info are not errors",
      messages: [
        {
          type: "info",
          subType: "warning",
          url,
          lastLine: 1,
          message: "Consider adding a lang attribute.",
        },
      ],
      want: [],
    },
    { name: "a clean report", messages: [], want: [] },
  ])("$name", ({ messages, want }) => {
    expect(errorLines({ messages }, root)).toEqual(want);
  });
});
