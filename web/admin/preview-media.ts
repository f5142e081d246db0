// The media accessors of the editor's previews: the build's manifest first (so
// existing photos show their real variants), then the file the staff member
// has just uploaded, which no build has seen yet, from Decap's getAsset. Each
// preview provides them to the site's components (components/media-context).
import { MissingMediaError, type ImageMedia, type Media } from "@/lib/media";
import { media as built } from "@/lib/media-manifest";
import { splitFileName } from "../lib/media-kinds.mjs";

/** The URL Decap has for a file of the images folder, if any. */
export type AssetUrl = (file: string) => string | undefined;

/** An image at a nominal size with one WebP variant at `src`. */
function nominal(name: string, src: string): ImageMedia {
  return { name, width: 1600, height: 1200, color: "#d9d9d9", avif: [], webp: [{ w: 1600, src }] };
}

/**
 * A photo field not filled in yet (a person or vacancy just added): an empty
 * block of a photo's size, a 1x1 transparent GIF (the editor's CSP allows
 * data: images), so the preview draws the rest of the entry instead of failing.
 */
const notChosenYet = nominal(
  "",
  "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
);

/** The build's media, with images not built yet shown from their upload. */
export function previewMedia(uploaded: AssetUrl): Media {
  return {
    ...built,
    image(file) {
      if (!file) return notChosenYet;
      try {
        return built.image(file);
      } catch (error) {
        const url = error instanceof MissingMediaError ? uploaded(file) : undefined;
        if (!url) throw error;
        return nominal(splitFileName(file).name, url);
      }
    },
  };
}
