import { describe, expect, it } from "vitest";
import { MissingMediaError } from "@/lib/media";
import { media as built } from "@/lib/media-manifest";
import { previewMedia } from "./preview-media";

const uploads: Record<string, string> = { "new-photo.jpg": "blob:https://editor/1" };
const media = previewMedia((file) => uploads[file]);

describe("previewMedia", () => {
  it("draws a built photo with the build's variants", () => {
    expect(media.image("asset-management.jpg")).toEqual(built.image("asset-management.jpg"));
  });

  it("draws a photo no build has seen from its upload", () => {
    const photo = media.image("new-photo.jpg");
    expect(photo.name).toBe("new-photo");
    expect(photo.webp.map((v) => v.src)).toEqual(["blob:https://editor/1"]);
  });

  it("draws an empty photo field as a blank block", () => {
    expect(media.image("").webp[0]!.src).toMatch(/^data:image\/gif/);
  });

  it("still refuses a file that is neither built nor uploaded", () => {
    expect(() => media.image("nowhere.jpg")).toThrow(MissingMediaError);
  });

  it("leaves the other kinds to the build", () => {
    expect(media.logo).toBe(built.logo);
    expect(media.document).toBe(built.document);
  });
});
