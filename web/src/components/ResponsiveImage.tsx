// Responsive images from the media manifest: a <picture> with AVIF and WebP
// sources and an <img> with the intrinsic width and height, so the browser
// reserves the box before the file arrives. Lazy by default; `priority` for the
// largest above-the-fold image of a page. No inline styles (the CSP forbids
// them): the placeholder colour comes from a generated class.
//
// Static sections name images (`ResponsiveImage name="home-hero.jpg"`), resolved
// through ./media-context (the manifest at build time). Islands must not import
// this module (it holds the manifest): they take resolved entries (image(name)
// in the page shell) and render them with `Picture` from ./Picture.
import { useMedia } from "./media-context";
import { Picture, PictureSources, type PictureProps } from "./Picture";

/** Layout breakpoints of the site. */
export const TABLET_QUERY = "(min-width: 768px)";
export const DESKTOP_QUERY = "(min-width: 1024px)";

type CommonProps = Omit<PictureProps, "image" | "children">;

export interface ResponsiveImageProps extends CommonProps {
  /** Image file name, e.g. "home-hero.jpg" (content/media/images/home-hero.jpg). */
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
  const { image } = useMedia();
  return (
    <Picture
      image={image(name)}
      alt={alt}
      sizes={sizes}
      priority={priority}
      cover={cover}
      className={className}
      imgClassName={imgClassName}
    />
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
  const { image } = useMedia();
  const per = typeof sizes === "string" ? { mobile: sizes, tablet: sizes, desktop: sizes } : sizes;
  const m = image(mobile),
    t = image(tablet),
    d = image(desktop);
  return (
    <Picture
      image={m}
      alt={alt}
      sizes={per.mobile ?? "100vw"}
      priority={priority}
      cover={cover}
      className={className}
      imgClassName={imgClassName}
    >
      <PictureSources image={d} sizes={per.desktop ?? "100vw"} media={DESKTOP_QUERY} />
      <PictureSources image={t} sizes={per.tablet ?? "100vw"} media={TABLET_QUERY} />
    </Picture>
  );
}
