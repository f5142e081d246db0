import type { ReactNode } from "react";
import styles from "./Parallax.module.css";

/** A page header's parallax layer: a scroll-driven animation from 768 px, still under reduced motion. */
export function Parallax({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={[styles.parallax, className].filter(Boolean).join(" ")}>
      <div className={styles.layer} data-parallax="">
        {children}
      </div>
    </div>
  );
}
