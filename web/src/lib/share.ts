// The share images of scripts/build-share-images.mjs: one per page path, and the logo as a PNG.
import type { SeoImage } from "./seo";

export interface ShareLogo {
  src: string;
  width: number;
  height: number;
}

export interface ShareManifest {
  logo: ShareLogo;
  /** Page path ("/", "/careers/asset-manager", "/404") to its card. */
  pages: Record<string, SeoImage>;
}

export class MissingShareImageError extends Error {
  constructor(readonly path: string) {
    super(
      `No share image for ${path} in src/generated/share.json: run npm run media (scripts/build-share-images.mjs) after adding a page`,
    );
    this.name = "MissingShareImageError";
  }
}

export function createShare(manifest: ShareManifest) {
  return {
    shareImage(path: string): SeoImage {
      const entry = Object.hasOwn(manifest.pages, path) ? manifest.pages[path] : undefined;
      if (!entry) throw new MissingShareImageError(path);
      return entry;
    },
    shareLogo(): ShareLogo {
      return manifest.logo;
    },
  };
}
