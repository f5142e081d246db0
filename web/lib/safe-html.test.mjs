// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  careerMarkdownFields,
  renderVacancy,
  renderContentMarkdown,
  sanitizeContentHtml,
  sanitizeContentPlugin,
  unsafeHtmlReasons,
} from "./safe-html.mjs";
import { contentDir, readEntries } from "./content-dir.mjs";

// Payloads from the usual XSS cheat sheets: none of their active parts may survive.
const payloads = [
  ["script element", "<p>Hi</p><script>alert(1)</script>", "<p>Hi</p>"],
  ["script in upper case", "<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>ok</p>", "<p>ok</p>"],
  ["img onerror", '<p>x<img src=x onerror="alert(1)"></p>', "<p>x</p>"],
  [
    "event handler on an allowed tag",
    '<p onclick="alert(1)" onmouseover=alert(1)>a</p>',
    "<p>a</p>",
  ],
  [
    "style element and attribute",
    '<style>p{color:red}</style><p style="color:red">a</p>',
    "<p>a</p>",
  ],
  ["javascript: link", '<a href="javascript:alert(1)">a</a>', "<a>a</a>"],
  ["entity-encoded javascript: link", '<a href="jav&#x61;script:alert(1)">a</a>', "<a>a</a>"],
  ["javascript: with a tab and upper case", '<a href="JaVa\tScRiPt:alert(1)">a</a>', "<a>a</a>"],
  ["data: link", '<a href="data:text/html,<script>alert(1)</script>">a</a>', "<a>a</a>"],
  ["protocol-relative link", '<a href="//evil.example">a</a>', "<a>a</a>"],
  ["protocol-relative link with a backslash", '<a href="/\\evil.example">a</a>', "<a>a</a>"],
  ["svg onload", "<svg onload=alert(1)><circle r=1 /></svg><p>ok</p>", "<p>ok</p>"],
  ["svg script", "<svg><script>alert(1)</script></svg>", ""],
  [
    "svg xlink javascript",
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    "<a>x</a>",
  ],
  ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ""],
  ["math href", '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', "x"],
  ["object and embed", '<object data="x.swf"></object><embed src="x.swf">', ""],
  ["form action", '<form action="javascript:alert(1)"><button>go</button></form>', "go"],
  ["comment hiding a script", "<!--<script>alert(1)</script>--><p>ok</p>", "<p>ok</p>"],
];

describe("sanitizeContentHtml", () => {
  it.each(payloads)("removes %s", (_, html, expected) => {
    const out = sanitizeContentHtml(html);
    expect(out).toBe(expected);
    expect(out).not.toMatch(/<script|<style|\son\w+=|javascript:|<svg|<iframe/i);
  });

  it("keeps the allowed formatting and safe links", () => {
    const html =
      '<h3>Tasks</h3><p>You &amp; <strong>us</strong>, <em>now</em>.<br />Next</p><ol start="3"><li>One</li></ol>' +
      '<ul><li><a href="/who-we-are">Team</a> <a href="https://example.com/a?b=1&amp;c=2">Site</a> ' +
      '<a href="mailto:careers@veldhaven.eu">Mail</a></li></ul>';
    expect(sanitizeContentHtml(html)).toBe(html);
  });
});

describe("unsafeHtmlReasons", () => {
  // A comment is dropped by every pass and never reaches the page: nothing to report.
  it.each(payloads.filter(([name]) => !name.startsWith("comment")))("reports %s", (_, html) => {
    expect(unsafeHtmlReasons(html).length).toBeGreaterThan(0);
  });

  it("names what is wrong", () => {
    expect(
      unsafeHtmlReasons('<p onclick="x()">a</p><script>x</script><a href="javascript:x()">l</a>'),
    ).toEqual([
      "attribute onclick on <p> is not allowed",
      "tag <script> is not allowed (allowed: p, br, strong, em, b, i, ul, ol, li, h3, h4, a)",
      'link "javascript:x()" is not allowed (use https:, http:, mailto:, tel: or a site path)',
    ]);
  });

  it("accepts safe HTML, whatever its formatting", () => {
    expect(unsafeHtmlReasons("<p>a<br>b</p>\n<ul>\n  <li>c</li>\n</ul><p>unclosed")).toEqual([]);
  });
});

describe("sanitizeContentPlugin", () => {
  const plugin = sanitizeContentPlugin();
  const transform = /** @type {(code: string, id: string) => {code: string} | null} */ (
    plugin.transform
  );
  const vacancy = {
    slug: "a",
    roleText: "Hello **you**.\n\n- one\n- [two](/careers)",
    roleText2: "<img src=x onerror=alert(1)>b [x](javascript:alert(1))",
  };

  it("renders the Markdown fields of a vacancy (content/careers/*.json) to sanitised HTML", () => {
    const out = transform(JSON.stringify(vacancy), "/repo/content/careers/a.json");
    expect(JSON.parse(out?.code ?? "")).toEqual({
      slug: "a",
      roleText:
        '<p>Hello <strong>you</strong>.</p>\n<ul>\n<li>one</li>\n<li><a href="/careers">two</a></li>\n</ul>\n',
      roleText2: "<p>&lt;img src=x onerror=alert(1)&gt;b x</p>\n",
    });
    expect(renderVacancy(vacancy).roleText).toContain("<strong>you</strong>");
  });

  it("renders every Markdown field the vacancy schema declares, and only those", () => {
    const schema = JSON.parse(
      readFileSync(join(contentDir, "schema/entries/careers.schema.json"), "utf8"),
    );
    const declared = Object.entries(schema.properties)
      .filter(([, def]) => /** @type {any} */ (def).$ref === "#/definitions/markdown")
      .map(([name]) => name);
    expect([...careerMarkdownFields]).toEqual(declared);
  });

  it("leaves every other module alone", () => {
    expect(transform("{}", "/repo/content/site.json")).toBeNull();
    expect(transform("{}", "/repo/content/careers.json")).toBeNull();
  });
});

describe("renderContentMarkdown", () => {
  it("renders the firm's role texts within the allow-list", () => {
    for (const v of readEntries("careers")) {
      for (const field of careerMarkdownFields) {
        if (v[field] === undefined) continue;
        const html = renderContentMarkdown(v[field]);
        expect(unsafeHtmlReasons(html), `${v.slug} ${field}`).toEqual([]);
        expect(html).toMatch(/^<p>/);
      }
    }
  });
});
