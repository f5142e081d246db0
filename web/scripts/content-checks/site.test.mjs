// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentDir } from "../content-dir.mjs";
import { check } from "./site.mjs";

const site = () => JSON.parse(readFileSync(join(contentDir, "site.json"), "utf8"));

describe("site content check", () => {
  it("accepts the firm's site.json", () => {
    expect(check({ "site.json": site() }, contentDir)).toEqual([]);
  });

  it("names a logo that is not in content/media/logos", () => {
    const s = site();
    s.logo = "no-such-mark";
    expect(check({ "site.json": s }, contentDir)).toEqual([
      {
        file: "site.json",
        field: "/logo",
        reason: 'no logo "no-such-mark": content/media/logos/no-such-mark.svg does not exist',
      },
    ]);
  });
});
