import type { ElementType, ReactNode } from "react";
import styles from "./Reveal.module.css";

interface RevealProps {
  children: ReactNode;
  as?: ElementType;
  className?: string;
  /** Seconds the fade takes (the "bottom" rule's timed entrance). */
  duration?: number;
  /** Pixels the element rises while it fades in. */
  distance?: number;
  /**
   * "enter": as it scrolls into view; "bottom": when the element's bottom edge
   * reaches the bottom of the viewport (the ESG block's rule).
   */
  when?: "enter" | "bottom";
}

/**
 * The site's one reveal-on-scroll: fade and slide in. No script: the markup
 * carries the rule (`data-reveal`) and its numbers (`data-reveal-duration`,
 * `data-reveal-distance`, read by CSS `attr()`), and the stylesheet animates
 * it where the browser has scroll-driven animations ("enter", scrubbed by a
 * view timeline) or scroll-triggered ones ("bottom", a timed entrance started
 * by a timeline trigger). Elsewhere, without JavaScript or under reduced
 * motion the content is simply visible.
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
