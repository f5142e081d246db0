import { describe, expect, it } from "vitest";
import { refusal, ruleForFolder, uploadRules } from "./upload-rules";

describe("ruleForFolder", () => {
  it.each([
    ["/content/media/images", "images"],
    ["/content/media/documents/", "documents"],
    ["/content/media/video", "video"],
  ])("%s -> %s", (folder, name) => {
    expect(ruleForFolder(folder)).toBe(uploadRules[name]);
  });
  it("has no rule for other folders", () => {
    expect(ruleForFolder("/content/other")).toBeUndefined();
    expect(ruleForFolder(undefined)).toBeUndefined();
  });
});

describe("refusal", () => {
  const images = uploadRules.images!;
  const documents = uploadRules.documents!;
  it.each([
    [{ name: "anna.jpg", size: 100, type: "image/jpeg" }, images],
    [{ name: "ANNA.PNG", size: 100, type: "image/png" }, images],
    [{ name: "policy.pdf", size: 100, type: "application/pdf" }, documents],
    [{ name: "policy.pdf", size: 100, type: "" }, documents],
  ])("accepts %o", (file, rule) => {
    expect(refusal(file, rule)).toBeUndefined();
  });

  it.each([
    [{ name: "notes.txt", size: 10, type: "text/plain" }, images, /choose a photo \(JPEG or PNG\)/],
    [{ name: "fake.jpg", size: 10, type: "text/plain" }, images, /choose a photo/],
    [{ name: "photo.jpg", size: 10, type: "image/jpeg" }, documents, /choose a document \(PDF\)/],
    [
      { name: "big.jpg", size: 11 * 1024 * 1024, type: "image/jpeg" },
      images,
      /11\.0 MB; files up to 10 MB/,
    ],
  ])("refuses %o", (file, rule, message) => {
    expect(refusal(file, rule)).toMatch(message);
  });
});
