// Typed access to the media manifest written by scripts/build-media.mjs.
// Content files refer to media by name ("home-hero", "charity-policy-2023-2025");
// these accessors turn a name into URLs and dimensions, and throw an Error naming
// the missing media when a name is unknown, so a typo fails the prerender (and so
// the build) instead of shipping a broken image.
//
// The manifest itself is read at build time only (./media-manifest.ts): static
// sections resolve names while prerendering, and an island gets the resolved
// entries it shows as props, so no page ships the manifest.

/** One encoded width of an image. */
export interface ImageVariant {
  /** Width in pixels. */
  w: number;
  /** URL path, e.g. /media/img/home-hero-640.1a2b3c4d.avif */
  src: string;
}

export interface ImageEntry {
  /** Intrinsic size of the source image, for the img width/height attributes. */
  width: number;
  height: number;
  /** Dominant colour (#rrggbb), shown as background until the image loads. */
  color: string;
  /** Variants ordered by ascending width. */
  avif: ImageVariant[];
  webp: ImageVariant[];
}
export interface VideoEntry {
  src: string;
}
export interface LogoEntry {
  src: string;
  width: number;
  height: number;
}
export interface DocumentEntry {
  /** Stable URL path, e.g. /media/documents/code-of-conduct.pdf */
  src: string;
  /** File size in bytes. */
  bytes: number;
}

export interface MediaManifest {
  images: Record<string, ImageEntry>;
  videos: Record<string, VideoEntry>;
  logos: Record<string, LogoEntry>;
  documents: Record<string, DocumentEntry>;
}

export type ImageMedia = ImageEntry & { name: string };
export type VideoMedia = VideoEntry & { name: string };
export type LogoMedia = LogoEntry & { name: string };
export type DocumentMedia = DocumentEntry & { name: string };

const SOURCES = {
  images: "content/media/images/<name>.jpg or .png",
  videos: "content/media/video/<name>.mp4",
  logos: "content/media/logos/<name>.svg",
  documents: "content/media/documents/<name>.pdf",
} as const;
const KIND = { images: "image", videos: "video", logos: "logo", documents: "document" } as const;

/** Thrown when content refers to media that does not exist. */
export class MissingMediaError extends Error {
  constructor(
    readonly kind: "image" | "video" | "logo" | "document",
    readonly mediaName: string,
    source: string,
  ) {
    super(
      `Unknown ${kind} "${mediaName}": no ${source.replace("<name>", mediaName)} (rebuild media after adding it)`,
    );
    this.name = "MissingMediaError";
  }
}

/** Accessors over a manifest; the module exports them bound to the generated one. */
export function createMedia(manifest: MediaManifest) {
  function find<T extends object>(
    section: keyof MediaManifest,
    name: string,
  ): T & { name: string } {
    const entries = manifest[section] as Record<string, T>;
    const entry = Object.hasOwn(entries, name) ? entries[name] : undefined;
    if (!entry) throw new MissingMediaError(KIND[section], name, SOURCES[section]);
    return { ...entry, name };
  }
  return {
    image: (name: string): ImageMedia => find<ImageEntry>("images", name),
    video: (name: string): VideoMedia => find<VideoEntry>("videos", name),
    logo: (name: string): LogoMedia => find<LogoEntry>("logos", name),
    document: (name: string): DocumentMedia => find<DocumentEntry>("documents", name),
    has: (kind: keyof MediaManifest, name: string): boolean => Object.hasOwn(manifest[kind], name),
  };
}

/** The srcset attribute for variants: "a.avif 320w, b.avif 640w". */
export function srcset(variants: readonly ImageVariant[]): string {
  return [...variants]
    .sort((a, b) => a.w - b.w)
    .map((v) => `${v.src} ${v.w}w`)
    .join(", ");
}

/**
 * The URL for the img element's src (used only by browsers that ignore the
 * sources): the smallest WebP at least `target` pixels wide, else the largest.
 */
export function fallbackSrc(img: Pick<ImageEntry, "webp">, target = 960): string {
  const sorted = [...img.webp].sort((a, b) => a.w - b.w);
  const pick = sorted.find((v) => v.w >= target) ?? sorted[sorted.length - 1];
  if (!pick) throw new Error("image has no WebP variants");
  return pick.src;
}

/** Class (from the generated media.css) that paints the image's dominant colour. */
export function placeholderClass(name: string): string {
  return `media-bg-${name}`;
}

/** A human file size for download labels: "12 KB", "1.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
