import manifest from "@/generated/share.json";
import { createShare, type ShareManifest } from "./share";

const share = createShare(manifest as ShareManifest);

export const shareImage = share.shareImage;
export const shareLogo = share.shareLogo;
