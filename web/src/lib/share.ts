// The share images made at build by scripts/build-share-images.mjs: one link
// preview picture per page (by its path) and the firm's logo as a PNG. Build
// time only (page heads); nothing here ships to the browser.
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

/** Accessors over a manifest; `@/lib/share-manifest` binds them to the generated one. */
export function createShare(manifest: ShareManifest) {
  return {
    /** The link preview picture of a page; throws for a page without one (fails the build). */
    shareImage(path: string): SeoImage {
      const entry = Object.hasOwn(manifest.pages, path) ? manifest.pages[path] : undefined;
      if (!entry) throw new MissingShareImageError(path);
      return entry;
    },
    /** The firm's mark as a square PNG (the Organization logo). */
    shareLogo(): ShareLogo {
      return manifest.logo;
    },
  };
}
