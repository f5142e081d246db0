// A muted looping background video with a pause/play control (WCAG 2.2.2) that
// lib/background-video.ts wires; without script the poster shows and nothing moves.
import { BACKGROUND_VIDEO_ATTR } from "@/lib/background-video";
import { fallbackSrc } from "@/lib/media";
import { useMedia } from "./media-context";
import styles from "./BackgroundVideo.module.css";

interface BackgroundVideoProps {
  /** Video file name, e.g. "careers-background.mp4" (content/media/video/). */
  name: string;
  /** Image file name shown before and instead of playback. */
  poster: string;
  pauseLabel: string;
  playLabel: string;
  className?: string;
}

export function BackgroundVideo({
  name,
  poster,
  pauseLabel,
  playLabel,
  className,
}: BackgroundVideoProps) {
  const { image, video } = useMedia();
  return (
    <div
      className={[styles.frame, className].filter(Boolean).join(" ")}
      {...{ [BACKGROUND_VIDEO_ATTR]: "" }}
    >
      <video
        className={styles.video}
        src={video(name).src}
        poster={fallbackSrc(image(poster), 1280)}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
      />
      <button
        type="button"
        className={styles.toggle}
        data-play-label={playLabel}
        data-pause-label={pauseLabel}
        hidden
      >
        <svg className={styles.pause} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />
        </svg>
        <svg className={styles.play} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M8 5v14l11-7z" fill="currentColor" />
        </svg>
        <span className="visually-hidden" data-label="">
          {playLabel}
        </span>
      </button>
    </div>
  );
}
