import { fallbackSrc, type ImageMedia } from "@/lib/media";
import styles from "./LoopVideo.module.css";

interface LoopVideoProps {
  /** The video file's URL (media manifest: video(file).src). */
  src: string;
  /** The poster image (media manifest: image(file)). */
  poster: ImageMedia;
  /** Accessible name of the video. */
  title: string;
  /**
   * "in-view": plays while it is on screen (an inline video); "open": plays
   * when the dialog around it opens (a video the visitor has asked for).
   * Started by `wireVideos` (@/lib/motion), never under reduced motion.
   */
  play?: "in-view" | "open";
  /** Captions (a WebVTT file of the site), shown at once: a video without sound needs its words. */
  captions?: Captions;
  className?: string;
}

/** A video's captions: the WebVTT file, its language and its name in the player's menu. */
export interface Captions {
  src: string;
  lang: string;
  label: string;
}

/**
 * A muted looping video with its poster and controls. Nothing is downloaded
 * until it plays (preload="none"), and the markup has no autoplay attribute:
 * playback is started from script, so a reduced-motion preference is always
 * respected, and without script the visitor presses play.
 */
export function LoopVideo({
  src,
  poster,
  title,
  play = "in-view",
  captions,
  className,
}: LoopVideoProps) {
  return (
    <video
      className={[styles.video, className].filter(Boolean).join(" ")}
      poster={fallbackSrc(poster, 1280)}
      width={poster.width}
      height={poster.height}
      muted
      loop
      playsInline
      controls
      preload="none"
      aria-label={title}
      data-play={play}
    >
      <source src={src} type="video/mp4" />
      {captions && (
        <track
          kind="captions"
          src={captions.src}
          srcLang={captions.lang}
          label={captions.label}
          default
        />
      )}
    </video>
  );
}
