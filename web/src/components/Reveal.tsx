import { useLayoutEffect, useRef, type ElementType, type ReactNode } from "react";
import { prefersReducedMotion } from "@/lib/use-media-query";
import styles from "./Reveal.module.css";

interface RevealProps {
  children: ReactNode;
  as?: ElementType;
  className?: string;
  /** Seconds the fade takes. */
  duration?: number;
  /** Pixels the element rises while it fades in. */
  distance?: number;
  /**
   * "enter": as soon as any part scrolls into view; "bottom": when the element's
   * bottom edge reaches the bottom of the viewport (the ESG block's rule).
   */
  when?: "enter" | "bottom";
}

/**
 * The site's one reveal-on-scroll: fade and slide in. Elements already on
 * screen at hydration, and everything under reduced motion or without
 * JavaScript, simply stay visible: only elements below the fold are hidden,
 * before the first paint, and revealed when they scroll in.
 */
export function Reveal({
  children,
  as: Tag = "div",
  className,
  duration = 0.6,
  distance = 32,
  when = "enter",
}: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia(prefersReducedMotion).matches) return;
    if (el.getBoundingClientRect().top < window.innerHeight) return;
    el.style.setProperty("--reveal-duration", `${duration}s`);
    el.style.setProperty("--reveal-distance", `${distance}px`);
    el.dataset.reveal = "hidden";
    // While the element is partly in view, the bottom rule follows scrolling:
    // an observer's thresholds can miss the moment the bottom edge arrives
    // (a scroll that stops with the element's bottom exactly at the edge).
    let onScroll: (() => void) | null = null;
    // While hidden the element is drawn `distance` px below its place: the
    // bottom rule is about where it sits, so take the offset off what is measured.
    const bottomInView = (measuredBottom: number, viewportBottom: number) =>
      measuredBottom - distance <= viewportBottom + 1;
    const stopFollowing = () => {
      if (onScroll) window.removeEventListener("scroll", onScroll);
      onScroll = null;
    };
    const show = () => {
      el.dataset.reveal = "shown";
      stopFollowing();
      observer.disconnect();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) {
            stopFollowing();
            continue;
          }
          const root = entry.rootBounds?.bottom ?? window.innerHeight;
          if (when === "enter" || bottomInView(entry.boundingClientRect.bottom, root)) {
            show();
          } else if (!onScroll) {
            onScroll = () => {
              if (bottomInView(el.getBoundingClientRect().bottom, window.innerHeight)) show();
            };
            window.addEventListener("scroll", onScroll, { passive: true });
          }
        }
      },
      { threshold: when === "enter" ? 0 : [0, 1] },
    );
    observer.observe(el);
    return () => {
      stopFollowing();
      observer.disconnect();
    };
  }, [duration, distance, when]);
  return (
    <Tag ref={ref} className={[styles.reveal, className].filter(Boolean).join(" ")}>
      {children}
    </Tag>
  );
}
