import type { ReactNode } from "react";
import styles from "./Parallax.module.css";

/**
 * A scroll-scrubbed parallax layer for a page header (spec: from 768 px, none
 * under reduced motion). No script: the stylesheet drives it with a
 * scroll-driven animation on the root scroller, where the browser has them;
 * elsewhere, below 768 px and under reduced motion the layer stands still.
 * `data-parallax` marks the moving layer.
 */
export function Parallax({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={[styles.parallax, className].filter(Boolean).join(" ")}>
      <div className={styles.layer} data-parallax="">
        {children}
      </div>
    </div>
  );
}
