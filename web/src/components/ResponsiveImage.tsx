// Static sections' images by file name, resolved through ./media-context (the manifest at build).
// Islands must not import this module (it holds the manifest): they render resolved entries
// with ./Picture.
import { useMedia } from "./media-context";
import { Picture, PictureSources, type PictureProps } from "./Picture";
import styles from "./ResponsiveImage.module.css";

export const TABLET_QUERY = "(min-width: 768px)";
export const DESKTOP_QUERY = "(min-width: 1024px)";

type CommonProps = Omit<PictureProps, "image" | "children">;

export interface ResponsiveImageProps extends CommonProps {
  /** Image file name, e.g. "home-hero.jpg" (content/media/images/home-hero.jpg). */
  name: string;
}

/**
 * Art direction: a picture under 768 px, to 1023 px and from 1024 px. `desktop` is the one
 * photo; without a `mobile` or `tablet` photo of its own, that width shows it cut upright
 * (3:4) or square, its focal point in view.
 */
export interface ResponsiveArtImageProps extends Omit<CommonProps, "sizes" | "cover"> {
  desktop: string;
  mobile?: string;
  tablet?: string;
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
  // With a photo of its own for each width, each is drawn whole in its own shape; else the
  // box takes each width's shape and the photos are cut to it.
  const cut = !(mobile && tablet);
  const one = image(desktop);
  const [phone, square] = [mobile ? image(mobile) : one, tablet ? image(tablet) : one];
  // A photo cut to a narrower box is drawn wider than the box: `sizes` says how much wider.
  const drawn = (img: typeof one, box: number, size = "100vw") => {
    const scale = cut ? Math.max(1, img.width / img.height / box) : 1;
    return size.replace(
      /(\d+(?:\.\d+)?)(vw|px)(?=\s*(?:,|$))/g,
      (_, n: string, unit: string) => `${Math.ceil(Number(n) * scale)}${unit}`,
    );
  };
  const picture = (
    <Picture image={phone} sizes={drawn(phone, 3 / 4, per.mobile)} cover={cut} {...props}>
      <PictureSources image={one} sizes={drawn(one, 16 / 10, per.desktop)} media={DESKTOP_QUERY} />
      <PictureSources image={square} sizes={drawn(square, 1, per.tablet)} media={TABLET_QUERY} />
    </Picture>
  );
  return cut ? <div className={styles.cut}>{picture}</div> : picture;
}
