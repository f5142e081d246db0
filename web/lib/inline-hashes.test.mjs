import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashesOf, pageHashes } from "./inline-hashes.mjs";

const hash = (code) => `sha256-${createHash("sha256").update(code, "utf8").digest("base64")}`;

describe("hashesOf", () => {
  it("takes the hashes of script-src and style-src (and their -elem forms) only", () => {
    const policy =
      "default-src 'self'; script-src 'self' 'sha256-AAA=' 'sha256-BBB='; style-src 'self' 'sha256-CCC='; script-src-elem 'sha384-DDD' 'unsafe-inline'; img-src 'sha256-EEE=';";
    expect([...hashesOf(policy)].sort()).toEqual([
      "script:sha256-AAA=",
      "script:sha256-BBB=",
      "script:sha384-DDD",
      "style:sha256-CCC=",
    ]);
  });
});

describe("pageHashes", () => {
  const allowed = hashesOf(
    `script-src 'self' '${hash("run()")}' '${hash("other()")}'; style-src '${hash("h1{color:navy}")}' '${hash("p{margin:0}")}'`,
  );

  it("keeps only the hashes of the page's own inline code", () => {
    const html =
      '<html><head><style>h1{color:navy}</style><script type="module" src="/_astro/a.js"></script>' +
      '<script type="application/ld+json">{"name":"x"}</script></head><body><script>run()</script></body></html>';
    expect(pageHashes(html, allowed, "index.html")).toEqual({
      scripts: [hash("run()")],
      styles: [hash("h1{color:navy}")],
    });
  });

  it("takes no markup in an attribute value or a comment for code", () => {
    const html =
      "<meta content=\"Analyst</script><script>alert(1)</script>\"><img alt='<style>x{}</style>'>" +
      "<!-- <script>alert(2)</script> --><script>run()</script>";
    expect(pageHashes(html, allowed, "index.html")).toEqual({
      scripts: [hash("run()")],
      styles: [],
    });
  });

  it.each([
    ["a script", "<script>alert(1)</script>"],
    ["a style", "<style>body{display:none}</style>"],
    ["a module script", '<SCRIPT type="module">alert(1)</SCRIPT >'],
    ["a style hashed only as a script", "<style>run()</style>"],
  ])("fails the build on %s the policy does not hash", (_, html) => {
    expect(() => pageHashes(html, allowed, "careers/index.html")).toThrow(
      /careers\/index\.html: an inline/,
    );
  });
});
