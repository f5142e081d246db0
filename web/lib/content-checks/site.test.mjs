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
});
