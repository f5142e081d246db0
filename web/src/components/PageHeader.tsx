import type { PageMeta } from "@/lib/content";
import { Parallax } from "./Parallax";
import { ResponsiveImage } from "./ResponsiveImage";
import styles from "./PageHeader.module.css";

interface PageHeaderProps {
  /** The page's heading and intro (content/pages.json). */
  meta: Pick<PageMeta, "heading" | "intro">;
  image: string;
  alt: string;
  eyebrow?: string;
  /** The home page's taller hero. */
  tall?: boolean;
  /** Scroll-scrubbed parallax background from 768 px (governance). */
  parallax?: boolean;
}

/** A page's heading and intro over a full-width photograph, loaded with priority in a fixed box. */
export function PageHeader({ meta, image, alt, eyebrow, tall, parallax }: PageHeaderProps) {
  const { heading, intro } = meta;
  const picture = <ResponsiveImage name={image} alt={alt} sizes="100vw" priority cover />;
  return (
    <header className={[styles.header, tall && styles.tall, "on-dark"].filter(Boolean).join(" ")}>
      {parallax ? (
        <Parallax className={styles.media}>{picture}</Parallax>
      ) : (
        <div className={styles.media}>{picture}</div>
      )}
      <div className={`container ${styles.text}`}>
        {eyebrow && <p className={`eyebrow ${styles.eyebrow}`}>{eyebrow}</p>}
        <h1 className={styles.heading}>{heading}</h1>
        <p className={styles.intro}>{intro}</p>
      </div>
    </header>
  );
}
