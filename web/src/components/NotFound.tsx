import { Button } from "@/components/Button";
import type { Site } from "@/lib/content";
import styles from "./NotFound.module.css";

/** The 404 screen, shown by the catch-all route and by record routes with an unknown id. */
export function NotFound({ site }: { site: Site }) {
  return (
    <section className={`container ${styles.notFound}`} aria-labelledby="not-found-heading">
      <h1 id="not-found-heading" className={styles.code}>
        {site.notFound.heading}
      </h1>
      <p className={styles.text}>{site.notFound.text}</p>
      <Button to="/" variant="tertiary">
        {site.notFound.homeLabel}
      </Button>
    </section>
  );
}
