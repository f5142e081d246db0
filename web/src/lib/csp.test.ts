import { describe, expect, it } from "vitest";
import { declareInlineScript, scriptHash } from "./csp";

describe("scriptHash", () => {
  it("is the CSP sha256 source of the UTF-8 text", () => {
    // printf 'a()' | openssl dgst -sha256 -binary | base64
    expect(scriptHash("a()")).toBe("sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=");
    expect(scriptHash("é")).not.toBe(scriptHash("e"));
  });
});

describe("declareInlineScript", () => {
  it("declares the hash of exactly the code it returns", () => {
    const declared: string[] = [];
    const code = declareInlineScript({ insertScriptHash: (h) => declared.push(h) }, "go()");
    expect(code).toBe("go()");
    expect(declared).toEqual([scriptHash("go()")]);
  });

  it("only returns the code where Astro keeps no policy (astro dev)", () => {
    expect(declareInlineScript(undefined, "go()")).toBe("go()");
  });
});
