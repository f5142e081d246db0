// A decorative, looping, muted background video with a poster and a visible
// pause/play control (WCAG 2.2.2). The prerendered HTML never autoplays: the
// video starts from an effect, and not at all under prefers-reduced-motion,
// where the poster stays until the visitor presses play.
import { useEffect, useRef, useState } from "react";
import { fallbackSrc, image, video } from "@/lib/media";
import { prefersReducedMotion } from "@/lib/use-media-query";
import styles from "./BackgroundVideo.module.css";

interface BackgroundVideoProps {
  /** Video media name (content/media/video/<name>.mp4). */
  name: string;
  /** Image media name shown before and instead of playback. */
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
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const reduce = window.matchMedia(prefersReducedMotion);
    const sync = () => setPlaying(!el.paused);
    el.addEventListener("play", sync);
    el.addEventListener("pause", sync);
    // Muted as a property too: autoplay policies look at the property.
    el.muted = true;
    if (!reduce.matches) el.play().catch(sync);
    const onReduce = () => {
      if (reduce.matches) el.pause();
    };
    reduce.addEventListener("change", onReduce);
    return () => {
      el.removeEventListener("play", sync);
      el.removeEventListener("pause", sync);
      reduce.removeEventListener("change", onReduce);
    };
  }, []);

  const toggle = () => {
    const el = ref.current;
    if (!el) return;
    if (el.paused) el.play().catch(() => setPlaying(false));
    else el.pause();
  };

  return (
    <div className={[styles.frame, className].filter(Boolean).join(" ")}>
      <video
        ref={ref}
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
      <button type="button" className={styles.toggle} onClick={toggle}>
        {playing ? <PauseIcon /> : <PlayIcon />}
        <span className="visually-hidden">{playing ? pauseLabel : playLabel}</span>
      </button>
    </div>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M8 5v14l11-7z" fill="currentColor" />
    </svg>
  );
}
