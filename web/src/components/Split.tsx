import type { ReactNode } from "react";
import { ResponsiveImage } from "./ResponsiveImage";
import styles from "./Split.module.css";

interface SplitProps {
  image: string;
  alt: string;
  /** Image on the right from 1024 px (default left). */
  reverse?: boolean;
  priority?: boolean;
  children: ReactNode;
}

/** Text beside an image from 1024 px; stacked, image first, below. */
export function Split({ image, alt, reverse = false, priority = false, children }: SplitProps) {
  return (
    <div className={[styles.split, reverse && styles.reverse].filter(Boolean).join(" ")}>
      <div className={styles.media}>
        <ResponsiveImage
          name={image}
          alt={alt}
          sizes="(min-width: 1264px) 600px, (min-width: 1024px) 48vw, 100vw"
          priority={priority}
          cover
        />
      </div>
      <div className={styles.body}>{children}</div>
    </div>
  );
}
