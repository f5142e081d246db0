// A resolved image as a <picture> of AVIF and WebP sources and an <img> of intrinsic size, which
// reserves the box; the placeholder colour is a generated class (no inline styles). Island-safe.
import type { ReactNode } from "react";
import { fallbackSrc, placeholderClass, srcset, type ImageMedia } from "@/lib/media";
import "@/generated/media.css";
import styles from "./Picture.module.css";

export interface PictureProps {
  image: ImageMedia;
  /** Required; pass "" for a purely decorative image. */
  alt: string;
  /** The image's rendered width per viewport, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes?: string;
  /** The page's largest above-the-fold image: eager with high fetch priority. */
  priority?: boolean;
  /** Fill the nearest positioned ancestor, cropping with object-fit: cover. */
  cover?: boolean;
  className?: string;
  imgClassName?: string;
  /** Art direction: <PictureSources media=...> that come before `image`'s own. */
  children?: ReactNode;
}

const cx = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(" ");

/** The AVIF and WebP <source>s of one image, optionally for a media query. */
export function PictureSources({
  image,
  sizes,
  media,
}: {
  image: ImageMedia;
  sizes: string;
  media?: string;
}) {
  return (
    <>
      <source
        type="image/avif"
        media={media}
        srcSet={srcset(image.avif)}
        sizes={sizes}
        width={image.width}
        height={image.height}
      />
      <source
        type="image/webp"
        media={media}
        srcSet={srcset(image.webp)}
        sizes={sizes}
        width={image.width}
        height={image.height}
      />
    </>
  );
}

export function Picture({
  image,
  alt,
  sizes = "100vw",
  priority = false,
  cover = false,
  className,
  imgClassName,
  children,
}: PictureProps) {
  return (
    <picture className={cx(styles.picture, cover && styles.cover, className)}>
      {children}
      <PictureSources image={image} sizes={sizes} />
      <img
        src={fallbackSrc(image)}
        width={image.width}
        height={image.height}
        alt={alt}
        className={cx(styles.img, placeholderClass(image.name), imgClassName)}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
      />
    </picture>
  );
}
