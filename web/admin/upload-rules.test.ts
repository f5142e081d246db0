import { describe, expect, it } from "vitest";
import { photoRefusal, refusal, ruleForFolder } from "./upload-rules";

describe("ruleForFolder", () => {
  it.each([
    ["/content/media/images", "image"],
    ["/content/media/logos", "logo"],
    ["/content/media/documents/", "document"],
    ["/content/media/video", "video"],
  ])("%s -> %s", (folder, kind) => {
    expect(ruleForFolder(folder)?.kind).toBe(kind);
  });
  it("has no rule for other folders", () => {
    expect(ruleForFolder("/content/other")).toBeUndefined();
    expect(ruleForFolder(undefined)).toBeUndefined();
  });
});

describe("refusal", () => {
  const images = ruleForFolder("/content/media/images")!;
  const documents = ruleForFolder("/content/media/documents")!;
  it.each([
    [{ name: "anna.jpg", size: 100, type: "image/jpeg" }, images],
    [{ name: "anna-de-vries.png", size: 100, type: "image/png" }, images],
    [{ name: "policy.pdf", size: 100, type: "application/pdf" }, documents],
    [{ name: "policy.pdf", size: 100, type: "" }, documents],
  ])("accepts %o", (file, rule) => {
    expect(refusal(file, rule)).toBeUndefined();
  });

  it.each([
    [{ name: "notes.txt", size: 10, type: "text/plain" }, images, /Choose a JPEG or PNG image/],
    [{ name: "fake.jpg", size: 10, type: "text/plain" }, images, /Choose a JPEG or PNG image/],
    [{ name: "Photo.JPG", size: 10, type: "image/jpeg" }, images, /lower-case letters/],
    [{ name: "anna de vries.jpg", size: 10, type: "image/jpeg" }, images, /cannot be used here/],
    [{ name: "photo.jpg", size: 10, type: "image/jpeg" }, documents, /Choose a PDF/],
    [
      { name: "big.jpg", size: 11 * 1024 * 1024, type: "image/jpeg" },
      images,
      /11\.0 MB; files up to 10 MB/,
    ],
  ])("refuses %o", (file, rule, message) => {
    expect(refusal(file, rule)).toMatch(message);
  });
});

describe("photoRefusal", () => {
  const file = (bytes: number[] | string, name: string) =>
    new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name);
  /** A JPEG's first bytes: SOI, then a baseline frame header of 300 x 200 pixels. */
  const jpeg300x200 = [
    0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 200, 1, 44, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ];

  it("refuses a PDF renamed .jpg, naming what it is", async () => {
    expect(await photoRefusal(file("%PDF-1.7\n", "cv.jpg"), 800)).toMatch(
      /^"cv\.jpg" is named like a photo but is a PDF document\./,
    );
  });

  it("refuses a HEIC renamed .jpg", async () => {
    const heic = [0, 0, 0, 24, ...[..."ftypheic"].map((c) => c.charCodeAt(0)), 0, 0, 0, 0];
    expect(await photoRefusal(file(heic, "iphone.jpg"), 800)).toMatch(/HEIC/);
  });

  it("refuses a 300 x 200 photo for a field that shows it 1600 pixels wide, saying the width it needs", async () => {
    expect(await photoRefusal(file(jpeg300x200, "small.jpg"), 1600)).toMatch(
      /^"small\.jpg" is only 300 x 200 pixels; this photo is shown up to 1600 pixels wide, so it needs a photo at least 1600 pixels wide\./,
    );
    expect(await photoRefusal(file(jpeg300x200, "small.jpg"), 300)).toBeUndefined();
    expect(await photoRefusal(file(jpeg300x200, "small.jpg"), undefined)).toBeUndefined();
  });
});
