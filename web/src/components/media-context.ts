// Where static sections resolve the media their content names. On the site it
// is the build's manifest; the editor's preview provides one that also knows
// the files just uploaded (admin/preview-media.ts, from Decap's getAsset), so
// the same components draw an entry whose photo no build has seen yet.
// Islands never use it (it holds the manifest): they take resolved entries.
import { createContext, useContext } from "react";
import type { Media } from "@/lib/media";
import { media } from "@/lib/media-manifest";

export const MediaContext = createContext<Media>(media);

/** The media accessors of the page being drawn. */
export function useMedia(): Media {
  return useContext(MediaContext);
}
