import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { jsonForScript } from "./json-ld";

describe("jsonForScript", () => {
  it("escapes what could end the element or start markup", () => {
    const hostile = { title: "</script><script>alert(1)</script><!-- & \u2028\u2029 >" };
    const out = jsonForScript(hostile);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(out).toBe(
      '{"title":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\\u2029 \\u003e"}',
    );
    expect(JSON.parse(out)).toEqual(hostile);
  });

  it("keeps every value's meaning and never emits the escaped characters", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = jsonForScript(value);
        expect(out).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("refuses a value without JSON", () => {
    expect(() => jsonForScript(undefined)).toThrow(TypeError);
  });
});
