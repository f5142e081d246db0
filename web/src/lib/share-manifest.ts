// The generated share manifest, bound to the accessors of ./share. Build time
// only: page heads read it, never an island.
import manifest from "@/generated/share.json";
import { createShare, type ShareManifest } from "./share";

const share = createShare(manifest as ShareManifest);

/** The link preview picture of a page by its path. Throws MissingShareImageError. */
export const shareImage = share.shareImage;
/** The firm's mark as a square PNG. */
export const shareLogo = share.shareLogo;
