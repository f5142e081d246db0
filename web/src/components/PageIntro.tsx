import type { ReactNode } from "react";
import type { PageMeta } from "@/lib/content";
import styles from "./PageIntro.module.css";

/** A static page's heading and intro (content/pages.json); children follow the intro. */
export function PageIntro({
  meta: { heading, intro },
  children,
}: {
  meta: Pick<PageMeta, "heading" | "intro">;
  children?: ReactNode;
}) {
  return (
    <header className={`container ${styles.intro}`}>
      <h1>{heading}</h1>
      <p className={styles.lead}>{intro}</p>
      {children}
    </header>
  );
}
