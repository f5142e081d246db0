// Modules made by scripts/content-media.mjs at build time.
declare module "virtual:media/*" {
  /** The part of the media manifest that a content file (or a part of it) names. */
  const media: import("~/lib/media").MediaPart;
  export default media;
}
declare module "virtual:content/*" {
  /** A part of a content file; cast it to the type of the JSON import. */
  const data: unknown;
  export default data;
}
