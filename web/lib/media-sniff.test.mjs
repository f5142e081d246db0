// @vitest-environment node
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fileKind, imageSize, notAPhoto, tooSmall } from "./media-sniff.mjs";

const bytes = (/** @type {string} */ s) => new Uint8Array(Buffer.from(s, "latin1"));
const photo = (/** @type {"jpeg" | "png"} */ format, width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: "#456" } })
    [format]()
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe("fileKind", () => {
  it.each([
    ["%PDF-1.7\n", "pdf"],
    ["\0\0\0\x18ftypheic\0\0\0\0", "heic"],
    ["\0\0\0\x18ftypmif1\0\0\0\0", "heic"],
    ["\0\0\0\x18ftypavif\0\0\0\0", "avif"],
    ["\0\0\0\x18ftypisom\0\0\0\0", "mp4"],
    ["RIFF\x10\0\0\0WEBPVP8 ", "webp"],
    ["GIF89a", "gif"],
    ['<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">', "svg"],
    ["Not a photo: a text file.\n", "unknown"],
  ])("tells %j is %s", (head, kind) => {
    expect(fileKind(bytes(head))).toBe(kind);
  });

  it("knows a JPEG and a PNG and reads their size", async () => {
    const jpeg = await photo("jpeg", 300, 200);
    const png = await photo("png", 1600, 900);
    expect(fileKind(jpeg)).toBe("jpeg");
    expect(fileKind(png)).toBe("png");
    expect(imageSize(jpeg)).toEqual({ width: 300, height: 200 });
    expect(imageSize(png)).toEqual({ width: 1600, height: 900 });
  });
});

describe("notAPhoto and tooSmall", () => {
  it("refuses a renamed PDF in words, and accepts a JPEG", async () => {
    expect(notAPhoto("cv.jpg", bytes("%PDF-1.4"))).toBe(
      '"cv.jpg" is named like a photo but is a PDF document. Save it as a JPEG or PNG (for example with "Export" or "Save as" in your photo program) and upload that file.',
    );
    expect(notAPhoto("ok.jpg", await photo("jpeg"))).toBeUndefined();
  });

  it("refuses a photo narrower than its field shows it, with the width it needs", () => {
    expect(tooSmall("small.jpg", { width: 300, height: 200 }, 1600)).toMatch(
      /^"small\.jpg" is only 300 x 200 pixels; this photo is shown up to 1600 pixels wide, so it needs a photo at least 1600 pixels wide\./,
    );
    expect(tooSmall("big.jpg", { width: 2000, height: 1200 }, 1600)).toBeUndefined();
  });
});
