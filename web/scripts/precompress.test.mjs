import { mkdtempSync, readFileSync, existsSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompress, variants } from "./precompress.mjs";

describe("variants", () => {
  it("keeps Brotli and gzip when they save at least 5%", () => {
    const raw = Buffer.from("<p>Veldhaven</p>".repeat(200));
    const v = variants(raw);
    expect(Object.keys(v).sort()).toEqual([".br", ".gz"]);
    expect(brotliDecompressSync(v[".br"]).equals(raw)).toBe(true);
    expect(gunzipSync(v[".gz"]).equals(raw)).toBe(true);
  });
  it("drops a variant that would not save anything", () => {
    expect(variants(Buffer.from("x"))).toEqual({});
  });
});

describe("precompress", () => {
  it("writes variants beside text files only, in every folder", () => {
    const dir = mkdtempSync(join(tmpdir(), "precompress-"));
    mkdirSync(join(dir, "careers"));
    const html = "<!doctype html><main>".padEnd(4000, "a") + "</main>";
    writeFileSync(join(dir, "careers", "index.html"), html);
    writeFileSync(join(dir, "photo.avif"), Buffer.alloc(4000));
    const { files } = precompress(dir);
    expect(files).toBe(1);
    expect(brotliDecompressSync(readFileSync(join(dir, "careers/index.html.br"))).toString()).toBe(
      html,
    );
    expect(existsSync(join(dir, "careers/index.html.gz"))).toBe(true);
    expect(existsSync(join(dir, "photo.avif.br"))).toBe(false);
  });
});
