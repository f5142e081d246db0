import { formatBytes } from "@/lib/media";
import { useMedia } from "./media-context";
import styles from "./Downloads.module.css";

interface DownloadsProps {
  id: string;
  heading: string;
  items: readonly { document: string; label: string }[];
}

/** A list of downloadable PDFs with their size. */
export function Downloads({ id, heading, items }: DownloadsProps) {
  const { document } = useMedia();
  return (
    <div className={styles.downloads}>
      <h2 id={id} className={styles.heading}>
        {heading}
      </h2>
      <ul className={styles.list} aria-labelledby={id}>
        {items.map((item) => {
          const doc = document(item.document);
          return (
            <li key={item.document}>
              <a href={doc.src} download className={styles.link}>
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path
                    d="M12 3v12m-5-5 5 5 5-5M5 20h14"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.75"
                  />
                </svg>
                <span className={styles.label}>{item.label}</span>
                <span className={styles.meta}>PDF, {formatBytes(doc.bytes)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
