import { fallbackSrc, type ImageMedia } from "@/lib/media";
import styles from "./LoopVideo.module.css";

interface LoopVideoProps {
  src: string;
  poster: ImageMedia;
  /** Accessible name of the video. */
  title: string;
  /** Plays while on screen, or when its dialog opens (`wireVideos`, never under reduced motion). */
  play?: "in-view" | "open";
  captions?: Captions;
  className?: string;
}

export interface Captions {
  src: string;
  lang: string;
  label: string;
}

/** A muted looping video, loaded only when it plays; script starts it, so reduced motion holds. */
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
