import type { ReactNode } from "react";
import type { ImageMedia } from "@/lib/media";
import { LoopVideo, type Captions } from "./LoopVideo";
import modal from "./Modal.module.css";
import button from "./Button.module.css";
import styles from "./VideoModal.module.css";

export interface ModalVideo {
  src: string;
  poster: ImageMedia;
  title: string;
  captions?: Captions;
}

// Attributes React has no types for yet; rendered as written.
const attrs = (a: Record<string, string>) => a;

/**
 * A video in a native modal <dialog> with no framework: WatchButton opens it with an invoker
 * command, `closedby="any"` closes it; `wireVideos` (@/lib/motion) plays it and fills the gaps.
 */
export function VideoModal({
  id,
  video,
  closeLabel,
}: {
  id: string;
  video: ModalVideo;
  closeLabel: string;
}) {
  return (
    <dialog
      id={id}
      aria-labelledby={`${id}-title`}
      className={`${modal.dialog} ${styles.modal}`}
      data-video-modal=""
      {...attrs({ closedby: "any" })}
    >
      <div className={modal.content}>
        <form method="dialog">
          <button type="submit" className={modal.close} aria-label={closeLabel}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
        </form>
        <h2 id={`${id}-title`} className={styles.title}>
          {video.title}
        </h2>
        <LoopVideo
          src={video.src}
          poster={video.poster}
          title={video.title}
          captions={video.captions}
          play="open"
        />
      </div>
    </dialog>
  );
}

export function WatchButton({ target, children }: { target: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`${button.button} ${button.primary}`}
      aria-haspopup="dialog"
      {...attrs({ commandfor: target, command: "show-modal" })}
    >
      <span>{children}</span>
    </button>
  );
}
