// Where static sections resolve media: the build's manifest, or the editor's with its uploads.
// Islands never use it (it holds the manifest): they take resolved entries.
import { createContext, useContext } from "react";
import type { Media } from "@/lib/media";
import { media } from "@/lib/media-manifest";

export const MediaContext = createContext<Media>(media);

/** The media accessors of the page being drawn. */
export function useMedia(): Media {
  return useContext(MediaContext);
}
