import { useEffect, useRef } from "react";
import { fallbackSrc, image, video } from "@/lib/media";
import { mayAutoplay } from "@/lib/motion";
import { prefersReducedMotion } from "@/lib/use-media-query";
import styles from "./LoopVideo.module.css";

interface LoopVideoProps {
  /** Video media name (content/media/video/<name>.mp4). */
  name: string;
  /** Poster image media name. */
  poster: string;
  /** Accessible name of the video. */
  title: string;
  /**
   * "inView": start playing when it scrolls into view (inline videos);
   * "now": start at once (a video the visitor has just asked for).
   * Never without motion consent: under reduced motion it waits for the
   * visitor to press play.
   */
  start?: "inView" | "now";
  className?: string;
}

/**
 * A muted looping video with its poster and controls. Nothing is downloaded
 * until it is about to play (preload="none"), and the prerendered markup has
 * no autoplay attribute: playback is started from script, so a reduced-motion
 * preference is respected even before hydration.
 */
export function LoopVideo({ name, poster, title, start = "inView", className }: LoopVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const still = image(poster);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.muted = true;
    if (!mayAutoplay(window.matchMedia(prefersReducedMotion).matches)) return;
    const play = () => void el.play().catch(() => {});
    if (start === "now" || typeof IntersectionObserver === "undefined") {
      play();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) play();
          else el.pause();
        }
      },
      { threshold: 0.25 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [start]);
  return (
    <video
      ref={ref}
      className={[styles.video, className].filter(Boolean).join(" ")}
      poster={fallbackSrc(still, 1280)}
      width={still.width}
      height={still.height}
      muted
      loop
      playsInline
      controls
      preload="none"
      aria-label={title}
    >
      <source src={video(name).src} type="video/mp4" />
    </video>
  );
}
