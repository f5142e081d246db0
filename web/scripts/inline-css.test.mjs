// @vitest-environment node
import { describe, expect, it } from "vitest";
import { assertInlinable, inlineStylesheets } from "./inline-css.mjs";

const sheets = {
  "/assets/root-a.css": "body{margin:0}\n",
  "/assets/home-b.css": "._hero_1{color:navy}",
};
const read = (href) => {
  if (!(href in sheets)) throw new Error(`no ${href}`);
  return sheets[href];
};
const page =
  '<html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/x.js"/>' +
  '<link rel="stylesheet" href="/assets/root-a.css"/><link rel="stylesheet" href="/assets/home-b.css"/>' +
  "</head><body><h1>Hi</h1></body></html>";

describe("inlineStylesheets", () => {
  it("puts the CSS of every stylesheet, in order, into one style element before the links", () => {
    const { html, inlined } = inlineStylesheets(page, read);
    expect(inlined).toEqual(["/assets/root-a.css", "/assets/home-b.css"]);
    expect(html).toContain(
      '<style>body{margin:0}\n._hero_1{color:navy}</style><link rel="stylesheet" href="/assets/root-a.css" disabled/>',
    );
    expect(html.match(/<style>/g)).toHaveLength(1);
  });

  it("keeps the link elements for hydration but disables them, so none blocks the first paint", () => {
    const { html } = inlineStylesheets(page, read);
    const links = html.match(/<link rel="stylesheet"[^>]*>/g);
    expect(links).toEqual([
      '<link rel="stylesheet" href="/assets/root-a.css" disabled/>',
      '<link rel="stylesheet" href="/assets/home-b.css" disabled/>',
    ]);
    expect(html).toContain('<link rel="modulepreload" href="/assets/x.js"/>');
  });

  it("leaves a page without stylesheets, and an already inlined page, unchanged", () => {
    const bare = "<html><head></head><body></body></html>";
    expect(inlineStylesheets(bare, read)).toEqual({ html: bare, inlined: [] });
    const once = inlineStylesheets(page, read).html;
    expect(inlineStylesheets(once, read)).toEqual({ html: once, inlined: [] });
  });

  it.each([
    ['<link rel="stylesheet" href="https://cdn.example/x.css"/>', /not same-origin/],
    ['<link rel="stylesheet" href="//cdn.example/x.css"/>', /not same-origin/],
    ['<link rel="stylesheet" href="/assets/root-a.css" media="print"/>', /media="print"/],
    ['<link rel="stylesheet" href="/assets/missing.css"/>', /no \/assets\/missing.css/],
  ])("refuses %s", (link, reason) => {
    expect(() => inlineStylesheets(`<head>${link}</head>`, read)).toThrow(reason);
  });
});

describe("assertInlinable", () => {
  it.each([
    ["a{b:c}</style><script>x()</script>", /<\/style/],
    ["a{background:url(img/x.png)}", /relative url\(img\/x.png\)/],
    ["a{background:url('../x.png')}", /relative url\(\.\.\/x.png\)/],
    ['@import "/assets/other.css";', /@import/],
  ])("refuses %s", (css, reason) => {
    expect(() => assertInlinable(css, "/assets/a.css")).toThrow(reason);
  });

  it("accepts absolute and data URLs", () => {
    expect(() =>
      assertInlinable(
        "a{background:url(/media/x.png)}b{background:url(data:image/svg+xml,abc)}c{mask:url(#m)}",
        "/assets/a.css",
      ),
    ).not.toThrow();
  });
});
