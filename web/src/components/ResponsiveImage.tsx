// Static sections' images by file name, resolved through ./media-context (the manifest at build).
// Islands must not import this module (it holds the manifest): they render resolved entries
// with ./Picture.
import { useMedia } from "./media-context";
import { Picture, PictureSources, type PictureProps } from "./Picture";

export const TABLET_QUERY = "(min-width: 768px)";
export const DESKTOP_QUERY = "(min-width: 1024px)";

type CommonProps = Omit<PictureProps, "image" | "children">;

export interface ResponsiveImageProps extends CommonProps {
  /** Image file name, e.g. "home-hero.jpg" (content/media/images/home-hero.jpg). */
  name: string;
}

/** Art direction: an image (crop) under 768 px, to 1023 px and from 1024 px. */
export interface ResponsiveArtImageProps extends Omit<CommonProps, "sizes"> {
  mobile: string;
  tablet: string;
  desktop: string;
  /** One sizes value for all three, or one per breakpoint (default 100vw). */
  sizes?: string | { mobile?: string; tablet?: string; desktop?: string };
}

/** One image at every width. */
export function ResponsiveImage({ name, ...props }: ResponsiveImageProps) {
  const { image } = useMedia();
  return <Picture image={image(name)} {...props} />;
}

export function ResponsiveArtImage({
  mobile,
  tablet,
  desktop,
  sizes = "100vw",
  ...props
}: ResponsiveArtImageProps) {
  const { image } = useMedia();
  const per = typeof sizes === "string" ? { mobile: sizes, tablet: sizes, desktop: sizes } : sizes;
  return (
    <Picture image={image(mobile)} sizes={per.mobile ?? "100vw"} {...props}>
      <PictureSources image={image(desktop)} sizes={per.desktop ?? "100vw"} media={DESKTOP_QUERY} />
      <PictureSources image={image(tablet)} sizes={per.tablet ?? "100vw"} media={TABLET_QUERY} />
    </Picture>
  );
}
