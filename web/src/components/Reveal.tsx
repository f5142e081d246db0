import type { ElementType, ReactNode } from "react";
import styles from "./Reveal.module.css";

interface RevealProps {
  children: ReactNode;
  as?: ElementType;
  className?: string;
  /** Seconds of the "bottom" rule's timed entrance. */
  duration?: number;
  /** Pixels the element rises while it fades in. */
  distance?: number;
  /** "enter": as it scrolls into view; "bottom": when its bottom edge reaches the viewport's. */
  when?: "enter" | "bottom";
}

/**
 * Fade and slide in on scroll, with no script: CSS reads the data attributes with `attr()` and
 * animates where the browser has scroll-driven animations; elsewhere the content just shows.
 */
export function Reveal({
  children,
  as: Tag = "div",
  className,
  duration = 0.6,
  distance = 32,
  when = "enter",
}: RevealProps) {
  return (
    <Tag
      className={[styles.reveal, className].filter(Boolean).join(" ")}
      data-reveal={when}
      data-reveal-duration={`${duration}s`}
      data-reveal-distance={`${distance}px`}
    >
      {children}
    </Tag>
  );
}
