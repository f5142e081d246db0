// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markdownProblems, markdownToHtml } from "./content-markdown.mjs";
import { sanitizeContentHtml, unsafeHtmlReasons } from "./safe-html.mjs";

describe("markdownToHtml", () => {
  it.each([
    [
      "paragraphs, bold and italic",
      "One **bold** and *italic*.\n\nTwo.",
      "<p>One <strong>bold</strong> and <em>italic</em>.</p>\n<p>Two.</p>\n",
    ],
    ["a bullet list", "- a\n- b", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"],
    ["a numbered list", "1. a\n2. b", "<ol>\n<li>a</li>\n<li>b</li>\n</ol>\n"],
    ["a numbered list from 3", "3. c\n4. d", '<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>\n'],
    ["a line break", "a  \nb", "<p>a<br>b</p>\n"],
    ["headings ### and ####", "### Tasks\n\n#### Daily", "<h3>Tasks</h3>\n<h4>Daily</h4>\n"],
    [
      "a site path link",
      "See [who we are](/who-we-are).",
      '<p>See <a href="/who-we-are">who we are</a>.</p>\n',
    ],
    [
      "a web link with a query",
      "[site](https://example.com/a?b=1&c=2)",
      '<p><a href="https://example.com/a?b=1&amp;c=2">site</a></p>\n',
    ],
    [
      "mailto and tel links",
      "[Mail](mailto:careers@example.com) or [call](tel:+31201234567)",
      '<p><a href="mailto:careers@example.com">Mail</a> or <a href="tel:+31201234567">call</a></p>\n',
    ],
    [
      "a bare e-mail address",
      "Write to careers@example.com.",
      '<p>Write to <a href="mailto:careers@example.com">careers@example.com</a>.</p>\n',
    ],
    ["characters HTML would read", "Rent < 1,000 & up", "<p>Rent &lt; 1,000 &amp; up</p>\n"],
  ])("renders %s", (_, markdown, html) => {
    expect(markdownToHtml(markdown)).toBe(html);
    // Everything it renders here is inside the allow-list: the sanitiser keeps it.
    expect(unsafeHtmlReasons(markdownToHtml(markdown))).toEqual([]);
  });

  it.each([
    [
      "a script block",
      "<script>alert(1)</script>",
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n",
    ],
    [
      "an inline tag with an event handler",
      'a <img src=x onerror="alert(1)"> b',
      "<p>a &lt;img src=x onerror=&quot;alert(1)&quot;&gt; b</p>\n",
    ],
    ["an HTML comment", "<!-- note -->", "<p>&lt;!-- note --&gt;</p>\n"],
  ])("shows raw HTML as text: %s", (_, markdown, html) => {
    expect(markdownToHtml(markdown)).toBe(html);
  });

  it.each([
    ["javascript:", "[x](javascript:alert(1))"],
    ["javascript: in upper case with a tab", "[x](<JaVa\tScRiPt:alert(1)>)"],
    ["data:", "[x](data:text/html,hi)"],
    ["protocol-relative", "[x](//evil.example)"],
    ["backslash protocol-relative", "[x](/\\evil.example)"],
  ])("drops a %s link, keeping its text", (_, markdown) => {
    expect(markdownToHtml(markdown)).toBe("<p>x</p>\n");
  });

  it("shows an image as its description, never an img", () => {
    expect(markdownToHtml('![A team photo](https://x.example/p.jpg "t")')).toBe(
      "<p>A team photo</p>\n",
    );
  });

  it("renders a link title as nothing but the link", () => {
    expect(markdownToHtml('[a](/careers "Careers")')).toBe('<p><a href="/careers">a</a></p>\n');
  });

  it("needs no sanitiser for the firm's kind of text", () => {
    const text = "Intro with **bold**.\n\n- one\n- [two](/what-we-do)\n\n### More\n\nEnd.";
    expect(sanitizeContentHtml(markdownToHtml(text))).toBe(markdownToHtml(text));
  });
});

describe("markdownProblems", () => {
  it("accepts what the allow-list keeps", () => {
    expect(
      markdownProblems(
        "### Role\n\nText with **bold**, *em*, a [link](https://example.com), [mail](mailto:a@b.nl)," +
          " [page](/careers) and a break  \nhere.\n\n1. one\n2. two\n\n- a\n  - nested\n\n#### End",
      ),
    ).toEqual([]);
  });

  it.each([
    [
      "<p>Hello</p>",
      'HTML is not allowed, use Markdown (**bold**, *italic*, [link text](https://...), "- " before a list item, a blank line between paragraphs)',
    ],
    ["Hi <strong>there</strong>", "HTML is not allowed, use Markdown ("],
    [
      "# Title",
      'heading level 1 ("# Title") is not allowed: use ### for a heading and #### below it',
    ],
    ["Title\n-----", 'heading level 2 ("## Title") is not allowed'],
    ["##### Small", 'heading level 5 ("##### Small") is not allowed'],
    ["![x](/a.jpg)", 'image "/a.jpg" is not allowed in the text: photos have their own fields'],
    [
      "[x](javascript:alert(1))",
      'link "javascript:alert(1)" is not allowed (use https:, http:, mailto:, tel: or a site path such as /careers)',
    ],
    ["[x](ftp://example.com/file)", 'link "ftp://example.com/file" is not allowed'],
    ["    indented", "code is not allowed (text indented by four spaces"],
    ["`code`", "code is not allowed (text between `backticks`)"],
    ["> quoted", 'quotes ("> ...") are not allowed'],
    ["a\n\n---\n\nb", 'horizontal rules ("---" or "***" on a line of their own) are not allowed'],
    ["| a | b |\n|---|---|\n| 1 | 2 |", "tables are not allowed"],
    ["~~old~~", 'strikethrough ("~~text~~") is not allowed'],
    ["- [ ] todo", 'checkboxes ("[ ]" or "[x]") are not allowed'],
  ])("%j: %s", (markdown, reason) => {
    const problems = markdownProblems(markdown);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(reason);
  });

  it("names each problem once", () => {
    expect(markdownProblems("<b>a</b> <i>b</i>\n\n<p>c</p>")).toHaveLength(1);
  });
});

describe("browser use", () => {
  it.each(["./content-markdown.mjs", "./content-allow-list.mjs", "./media-kinds.mjs"])(
    "%s imports no Node built-in (the editor's preview imports it)",
    (module) => {
      const source = readFileSync(new URL(module, import.meta.url), "utf8");
      const imports = [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
      expect(imports.filter((m) => m?.startsWith("node:") || m === "fs" || m === "path")).toEqual(
        [],
      );
    },
  );
});
