// The media accessors as the editor's previews use them: the build's manifest
// first (so existing photos show their real variants), then the file the staff
// member has just uploaded, which no build has seen yet, straight from Decap.
// admin/vite.config.ts puts this module in place of src/lib/media-manifest.ts
// for the editor's bundle only.
import manifest from "@/generated/media.json";
import { createMedia, MissingMediaError, type ImageMedia, type MediaManifest } from "@/lib/media";
import { splitFileName } from "../scripts/media-kinds.mjs";

const built = createMedia(manifest as MediaManifest);

/** The URL Decap has for a media file of the images folder, if any. */
type AssetUrl = (file: string) => string | undefined;
let uploadedImage: AssetUrl = () => undefined;

/** Called by each preview before it renders, with Decap's asset lookup. */
export function showUploadedImagesFrom(lookup: AssetUrl) {
  uploadedImage = lookup;
}

/**
 * A photo field not filled in yet (a person or vacancy just added): an empty
 * block of a photo's size, so the preview draws the rest of the entry instead
 * of failing.
 */
const notChosenYet: ImageMedia = {
  name: "",
  width: 1600,
  height: 1200,
  color: "#d9d9d9",
  avif: [],
  // A 1x1 transparent GIF (the editor's CSP allows data: images).
  webp: [
    {
      w: 1600,
      src: "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
    },
  ],
};

/** An image by file name; one not built yet is shown from its upload, at a nominal size. */
export function image(file: string): ImageMedia {
  if (!file) return notChosenYet;
  try {
    return built.image(file);
  } catch (error) {
    const url = error instanceof MissingMediaError ? uploadedImage(file) : undefined;
    if (!url) throw error;
    return {
      name: splitFileName(file).name,
      width: 1600,
      height: 1200,
      color: "#d9d9d9",
      avif: [],
      webp: [{ w: 1600, src: url }],
    };
  }
}

export const video = built.video;
export const logo = built.logo;
export const document = built.document;
export const hasMedia = built.has;
