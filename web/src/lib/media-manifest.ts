// The whole media manifest, bound to the accessors of ./media. Build time only:
// import it from static sections and page shells, never from an island (it
// would ship every image of the site); islands take resolved entries as props.
import manifest from "@/generated/media.json";
import { createMedia, type MediaManifest } from "./media";

const media = createMedia(manifest as MediaManifest);

/** An image by file name ("home-hero.jpg"): size, dominant colour and AVIF/WebP variants. Throws MissingMediaError. */
export const image = media.image;
/** A video by file name ("charity-intro.mp4"): its hashed URL. Throws MissingMediaError. */
export const video = media.video;
/** A logo by file name ("anbi.svg"): URL and intrinsic size. Throws MissingMediaError. */
export const logo = media.logo;
/** A downloadable document by file name ("code-of-conduct.pdf"): stable URL and size. Throws MissingMediaError. */
export const document = media.document;
/** Whether a media file of that kind is in the manifest (by file name). */
export const hasMedia = media.has;
