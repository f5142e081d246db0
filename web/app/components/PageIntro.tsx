import { pageMeta } from "~/lib/content";
import styles from "./PageIntro.module.css";

/** The heading and intro paragraph of a static page, from content/pages.json. */
export function PageIntro({ path }: { path: string }) {
  const { heading, intro } = pageMeta(path);
  return (
    <header className={`container ${styles.intro}`}>
      <h1>{heading}</h1>
      <p className={styles.lead}>{intro}</p>
    </header>
  );
}
