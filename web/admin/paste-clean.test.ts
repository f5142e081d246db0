import { describe, expect, it } from "vitest";
import { cleanPastedHtml, picturesLeftOut, safeHref } from "./paste-clean";

describe("cleanPastedHtml", () => {
  it("keeps a table's text in place, one paragraph per row", () => {
    const html =
      "<p>Our offices:</p><table><tr><th>Office</th><th>People</th></tr><tr><td>Amsterdam</td><td>40</td></tr></table><p>Join us.</p>";
    expect(cleanPastedHtml(html)).toEqual({
      html: "<p>Our offices:</p><p>Office – People</p><p>Amsterdam – 40</p><p>Join us.</p>",
      pictures: 0,
    });
  });

  it("leaves pictures out and counts them, keeping the text around them", () => {
    const html =
      '<p>Before <img src="https://example.com/a.png" alt="a"> after</p><figure><img src="data:image/png;base64,AAAA"><figcaption>Caption</figcaption></figure>';
    expect(cleanPastedHtml(html)).toEqual({
      html: "<p>Before after</p><p>Caption</p>",
      pictures: 2,
    });
  });

  it("keeps headings, lists, bold, italic and safe links; drops unsafe links and styles", () => {
    const html =
      '<style>p{color:red}</style><h1>Role</h1><h5>Small</h5><ul><li><b>Lead</b> the <i>team</i></li><li><a href="/careers">Careers</a> <a href="javascript:alert(1)">bad</a></li></ul><ol><li>One</li></ol>';
    expect(cleanPastedHtml(html).html).toBe(
      '<h3>Role</h3><h4>Small</h4><ul><li><strong>Lead</strong> the <em>team</em></li><li><a href="/careers">Careers</a> bad</li></ul><ol><li>One</li></ol>',
    );
  });

  it("wraps loose text between blocks in paragraphs, in order", () => {
    const html = "First<p>Second</p>Third<br>Fourth";
    expect(cleanPastedHtml(html).html).toBe("<p>First</p><p>Second</p><p>Third</p><p>Fourth</p>");
  });

  it("reads Word's and Google Docs' markup as its text and real emphasis", () => {
    const html =
      '<b style="font-weight:normal" id="docs-internal-guid-1"><p><span style="font-weight:700">Bold</span> plain <span style="font-style:italic">it</span></p></b><p class="MsoNormal">Word<o:p></o:p></p><v:shape><v:imagedata src="x.png"></v:imagedata></v:shape>';
    expect(cleanPastedHtml(html)).toEqual({
      html: "<p><strong>Bold</strong> plain <em>it</em></p><p>Word</p>",
      pictures: 1,
    });
  });

  it("escapes text so that pasted markup-like text stays text", () => {
    expect(cleanPastedHtml("<p>a &lt;b&gt; &amp; c</p>").html).toBe("<p>a &lt;b&gt; &amp; c</p>");
  });

  it("flattens nested lists to one level", () => {
    expect(cleanPastedHtml("<ul><li>A<ul><li>B</li></ul></li><li>C</li></ul>").html).toBe(
      "<ul><li>A</li><li>B</li><li>C</li></ul>",
    );
  });
});

describe("safeHref", () => {
  it.each([
    ["/who-we-are", "/who-we-are"],
    ["https://example.com", "https://example.com"],
    ["mailto:a@b.nl", "mailto:a@b.nl"],
    ["//evil.example", undefined],
    ["javascript:x", undefined],
    ["data:text/html,x", undefined],
    [null, undefined],
  ])("%s -> %s", (href, want) => {
    expect(safeHref(href)).toBe(want);
  });
});

describe("picturesLeftOut", () => {
  it("names how many pictures were left out", () => {
    expect(picturesLeftOut(1)).toMatch(/1 picture,.*without it/);
    expect(picturesLeftOut(3)).toMatch(/3 pictures,.*without them/);
  });
});
