import { describe, expect, it } from "vitest";
import { refusal, ruleForFolder } from "./upload-rules";

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
