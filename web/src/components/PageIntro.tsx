import type { ReactNode } from "react";
import type { PageMeta } from "@/lib/content";
import styles from "./PageIntro.module.css";

/**
 * The heading and intro paragraph of a static page, from content/pages.json;
 * children (e.g. a link) follow the intro.
 */
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
