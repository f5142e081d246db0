import { describe, expect, it } from "vitest";
import { hashesOf, pageFile } from "./inline-hashes.mjs";

describe("hashesOf", () => {
  it("takes the hashes of script-src and style-src (and their -elem forms) only", () => {
    const policy =
      "default-src 'self'; script-src 'self' 'sha256-AAA=' 'sha256-BBB='; style-src 'self' 'sha256-CCC='; script-src-elem 'sha384-DDD' 'unsafe-inline'; img-src 'sha256-EEE=';";
    expect(hashesOf(policy)).toEqual({
      scripts: ["sha256-AAA=", "sha256-BBB=", "sha384-DDD"],
      styles: ["sha256-CCC="],
    });
  });
});

describe("pageFile", () => {
  it.each([
    ["/", "index.html"],
    ["/404", "404.html"],
    ["/careers/asset-manager", "careers/asset-manager/index.html"],
    ["/who-we-are/12/", "who-we-are/12/index.html"],
    ["/captions/partner-prinsengrachtconcert.vtt", null],
  ])("%s → %s", (pathname, file) => expect(pageFile(pathname)).toBe(file));
});
