import { LoopVideo } from "./LoopVideo";
import { Modal } from "./Modal";
import styles from "./VideoModal.module.css";

export interface ModalVideo {
  name: string;
  poster: string;
  title: string;
}

interface VideoModalProps {
  /** The video to show, or null when the modal is closed. */
  video: ModalVideo | null;
  onClose: () => void;
  closeLabel: string;
}

/**
 * A video in the site's modal: muted, looping, playing at once (not under
 * reduced motion). The video element exists only while the modal is open.
 */
export function VideoModal({ video, onClose, closeLabel }: VideoModalProps) {
  return (
    <Modal
      open={video !== null}
      onClose={onClose}
      labelledBy="video-modal-title"
      closeLabel={closeLabel}
      className={styles.modal}
    >
      {video && (
        <>
          <h2 id="video-modal-title" className={styles.title}>
            {video.title}
          </h2>
          <LoopVideo name={video.name} poster={video.poster} title={video.title} start="now" />
        </>
      )}
    </Modal>
  );
}
