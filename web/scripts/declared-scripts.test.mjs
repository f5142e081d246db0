import { describe, expect, it } from "vitest";
import {
  checkPage,
  isEndpointFile,
  pageFile,
  scriptHashesOf,
  sha256,
} from "./declared-scripts.mjs";

describe("scriptHashesOf", () => {
  it("takes the hashes of script-src and script-src-elem only", () => {
    const policy =
      "default-src 'self'; script-src 'self' 'sha256-AAA=' 'sha256-BBB='; style-src 'self' 'sha256-CCC='; script-src-elem 'sha384-DDD' 'unsafe-inline';";
    expect(scriptHashesOf(policy)).toEqual(["sha256-AAA=", "sha256-BBB=", "sha384-DDD"]);
  });
});

describe("isEndpointFile", () => {
  it.each([
    ["/captions/partner-prinsengrachtconcert.vtt", true],
    ["/", false],
    ["/404", false],
    ["/who-we-are/12/", false],
    ["/careers/asset-manager", false],
  ])("%s → %s", (pathname, file) => expect(isEndpointFile(pathname)).toBe(file));
});

describe("pageFile", () => {
  it.each([
    ["/", "index.html"],
    ["/404", "404.html"],
    ["/careers/asset-manager", "careers/asset-manager/index.html"],
    ["/who-we-are/12/", "who-we-are/12/index.html"],
  ])("%s → %s", (pathname, file) => expect(pageFile(pathname)).toBe(file));
});

describe("checkPage", () => {
  const own = "window.ok = 1;";
  it("accepts declared scripts, module scripts with a src and escaped data", () => {
    const html = `<script>${own}</script><script type="module" src="/_astro/a.js"></script><script type="application/ld+json">{"t":"\\u003c/script\\u003e"}</script>`;
    expect(checkPage("index.html", html, [sha256(own)])).toEqual([]);
  });

  it("names an inline script no one declared, as content breaking out of JSON-LD makes", () => {
    const html =
      `<script type="application/ld+json">{"title":"</script><script>alert(1)</script>"}` +
      `<script>${own}</script>`;
    const problems = checkPage("careers/x/index.html", html, [sha256(own)]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`careers/x/index.html: inline script ${sha256("alert(1)")}`);
    expect(problems[0]).toContain("Astro.csp.insertScriptHash");
  });

  it("names a data block with markup in it", () => {
    const html = `<script type="application/ld+json">{"t":"<!--"}</script>`;
    expect(checkPage("index.html", html, [])).toEqual([
      'index.html: a JSON data block contains "<" (serialise it with jsonForScript, src/lib/json-ld.ts)',
    ]);
  });
});

describe("checkPage parses HTML as a browser does", () => {
  it("ignores a <script> inside an attribute value or a comment", () => {
    const html = `<meta content="x</script><script>alert(1)</script>"><!-- <script>alert(2)</script> -->`;
    expect(checkPage("index.html", html, [])).toEqual([]);
  });
});

describe("checkPage looks inside templates", () => {
  it("names an undeclared inline script that a template would put into the page", () => {
    const html = `<template><div><template><script>late()</script></template></div></template>`;
    const problems = checkPage("index.html", html, []);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(sha256("late()"));
  });
});
