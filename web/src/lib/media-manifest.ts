// The media manifest bound to ./media's accessors, each throwing MissingMediaError. Build time
// only: an island importing it would ship every image of the site.
import manifest from "@/generated/media.json";
import { createMedia, type MediaManifest } from "./media";

export const media = createMedia(manifest as MediaManifest);

export const image = media.image;
export const video = media.video;
export const logo = media.logo;
export const document = media.document;
export const hasMedia = media.has;
