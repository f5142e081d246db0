// Responsive images from the media manifest: a <picture> with AVIF and WebP
// sources and an <img> with the intrinsic width and height, so the browser
// reserves the box before the file arrives. Lazy by default; `priority` for the
// largest above-the-fold image of a page. No inline styles (the CSP forbids
// them): the placeholder colour comes from a generated class.
import { fallbackSrc, image, placeholderClass, srcset, type ImageMedia } from "~/lib/media";
import "~/generated/media.css";
import styles from "./ResponsiveImage.module.css";

/** Layout breakpoints of the site (spec section 9). */
export const TABLET_QUERY = "(min-width: 768px)";
export const DESKTOP_QUERY = "(min-width: 1024px)";

interface CommonProps {
  /** Required; pass "" for a purely decorative image. */
  alt: string;
  /** The image's rendered width per viewport, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes?: string;
  /** The page's largest above-the-fold image: eager with high fetch priority. */
  priority?: boolean;
  /** Fill the nearest positioned ancestor, cropping with object-fit: cover. */
  cover?: boolean;
  /** Class for the <picture> element. */
  className?: string;
  /** Class for the <img> element. */
  imgClassName?: string;
}

export interface ResponsiveImageProps extends CommonProps {
  /** Media name, e.g. "home-hero" (content/media/images/home-hero.jpg). */
  name: string;
}

export interface ResponsiveArtImageProps extends Omit<CommonProps, "sizes"> {
  /** Image under 768 px. */
  mobile: string;
  /** Image from 768 px to 1023 px. */
  tablet: string;
  /** Image from 1024 px. */
  desktop: string;
  /** One sizes value for all three, or one per breakpoint (default 100vw). */
  sizes?: string | { mobile?: string; tablet?: string; desktop?: string };
}

const cx = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(" ");

function Sources({ img, sizes, media }: { img: ImageMedia; sizes: string; media?: string }) {
  return (
    <>
      <source
        type="image/avif"
        media={media}
        srcSet={srcset(img.avif)}
        sizes={sizes}
        width={img.width}
        height={img.height}
      />
      <source
        type="image/webp"
        media={media}
        srcSet={srcset(img.webp)}
        sizes={sizes}
        width={img.width}
        height={img.height}
      />
    </>
  );
}

function Img({
  img,
  alt,
  priority,
  imgClassName,
}: { img: ImageMedia } & Pick<CommonProps, "alt" | "priority" | "imgClassName">) {
  return (
    <img
      src={fallbackSrc(img)}
      width={img.width}
      height={img.height}
      alt={alt}
      className={cx(styles.img, placeholderClass(img.name), imgClassName)}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
    />
  );
}

/** One image at every width. */
export function ResponsiveImage({
  name,
  alt,
  sizes = "100vw",
  priority = false,
  cover = false,
  className,
  imgClassName,
}: ResponsiveImageProps) {
  const img = image(name);
  return (
    <picture className={cx(styles.picture, cover && styles.cover, className)}>
      <Sources img={img} sizes={sizes} />
      <Img img={img} alt={alt} priority={priority} imgClassName={imgClassName} />
    </picture>
  );
}

/** Art direction: a different image (crop) for mobile, tablet and desktop. */
export function ResponsiveArtImage({
  mobile,
  tablet,
  desktop,
  alt,
  sizes = "100vw",
  priority = false,
  cover = false,
  className,
  imgClassName,
}: ResponsiveArtImageProps) {
  const per = typeof sizes === "string" ? { mobile: sizes, tablet: sizes, desktop: sizes } : sizes;
  const m = image(mobile),
    t = image(tablet),
    d = image(desktop);
  return (
    <picture className={cx(styles.picture, cover && styles.cover, className)}>
      <Sources img={d} sizes={per.desktop ?? "100vw"} media={DESKTOP_QUERY} />
      <Sources img={t} sizes={per.tablet ?? "100vw"} media={TABLET_QUERY} />
      <Sources img={m} sizes={per.mobile ?? "100vw"} />
      <Img img={m} alt={alt} priority={priority} imgClassName={imgClassName} />
    </picture>
  );
}
