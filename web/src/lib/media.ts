// Typed access to scripts/build-media.mjs's manifest, keyed by media name (file name without
// extension). Content names files ("home-hero.jpg"); an unknown one throws, failing the build.

/** One encoded width of an image. */
export interface ImageVariant {
  w: number;
  /** URL path, e.g. /media/img/home-hero-640.1a2b3c4d.avif */
  src: string;
}

export interface ImageEntry {
  /** Intrinsic size of the source image, for the img width/height attributes. */
  width: number;
  height: number;
  /** Dominant colour (#rrggbb), shown until the image loads. */
  color: string;
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
  src: string;
  bytes: number;
}

/** A manifest entry: the media and the file it was made from ("home-hero.jpg"). */
type Sourced<T> = T & { file: string };

export interface MediaManifest {
  images: Record<string, Sourced<ImageEntry>>;
  videos: Record<string, Sourced<VideoEntry>>;
  logos: Record<string, Sourced<LogoEntry>>;
  documents: Record<string, Sourced<DocumentEntry>>;
}

/** A resolved entry; `name` is the media name (file name without extension). */
export type ImageMedia = ImageEntry & { name: string };
export type VideoMedia = VideoEntry & { name: string };
export type LogoMedia = LogoEntry & { name: string };
export type DocumentMedia = DocumentEntry & { name: string };

const FOLDERS = {
  images: "content/media/images",
  videos: "content/media/video",
  logos: "content/media/logos",
  documents: "content/media/documents",
} as const;
const KIND = { images: "image", videos: "video", logos: "logo", documents: "document" } as const;

function mediaName(file: string): string {
  const dot = file.lastIndexOf(".");
  return dot > 0 ? file.slice(0, dot) : file;
}

export class MissingMediaError extends Error {
  constructor(
    readonly kind: "image" | "video" | "logo" | "document",
    readonly file: string,
    folder: string,
    /** The file of the same media name that does exist, if any ("home-hero.jpg"). */
    readonly existing?: string,
  ) {
    super(
      `Unknown ${kind} "${file}": no ${folder}/${file} ` +
        (existing
          ? `(there is ${existing}: use that file name)`
          : "(rebuild media after adding it)"),
    );
    this.name = "MissingMediaError";
  }
}

export function createMedia(manifest: MediaManifest) {
  function find<T extends object>(
    section: keyof MediaManifest,
    file: string,
  ): T & { name: string } {
    const entries = manifest[section] as unknown as Record<string, Sourced<T>>;
    const name = mediaName(file);
    const entry = Object.hasOwn(entries, name) ? entries[name] : undefined;
    if (entry?.file !== file) {
      throw new MissingMediaError(KIND[section], file, FOLDERS[section], entry?.file);
    }
    // The source file name stays out: islands get these entries as props.
    const { file: _source, ...media } = entry;
    return { ...(media as T), name };
  }
  function has(section: keyof MediaManifest, file: string): boolean {
    const entries = manifest[section];
    const name = mediaName(file);
    return Object.hasOwn(entries, name) && entries[name]?.file === file;
  }
  return {
    image: (file: string): ImageMedia => find<ImageEntry>("images", file),
    video: (file: string): VideoMedia => find<VideoEntry>("videos", file),
    logo: (file: string): LogoMedia => find<LogoEntry>("logos", file),
    document: (file: string): DocumentMedia => find<DocumentEntry>("documents", file),
    has,
  };
}

/** The media accessors: the build's manifest (./media-manifest), or the editor's with its uploads. */
export type Media = ReturnType<typeof createMedia>;

/** The srcset attribute for variants: "a.avif 320w, b.avif 640w". */
export function srcset(variants: readonly ImageVariant[]): string {
  return [...variants]
    .sort((a, b) => a.w - b.w)
    .map((v) => `${v.src} ${v.w}w`)
    .join(", ");
}

/** The img's src (for browsers that ignore the sources): the smallest WebP >= `target` px wide. */
export function fallbackSrc(img: Pick<ImageEntry, "webp">, target = 960): string {
  const sorted = [...img.webp].sort((a, b) => a.w - b.w);
  const pick = sorted.find((v) => v.w >= target) ?? sorted[sorted.length - 1];
  if (!pick) throw new Error("image has no WebP variants");
  return pick.src;
}

/** The generated media.css class painting an image's dominant colour. */
export function placeholderClass(name: string): string {
  return `media-bg-${name}`;
}

/** A human file size for download labels: "12 KB", "1.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
