// The whole media manifest, bound to the accessors of ./media. Build time only:
// page shells import it, and static sections through components/media-context;
// never an island (it would ship every image of the site): islands take
// resolved entries as props.
import manifest from "@/generated/media.json";
import { createMedia, type MediaManifest } from "./media";

/** Every accessor at once: what components resolve media with (components/media-context). */
export const media = createMedia(manifest as MediaManifest);

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
