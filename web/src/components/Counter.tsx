import { useLayoutEffect, useRef, useState } from "react";
import { countAt, shouldCount } from "@/lib/counter";
import { prefersReducedMotion } from "@/lib/use-media-query";
import styles from "./Counter.module.css";

interface CounterProps {
  value: number;
  label: string;
  durationMs: number;
}

/**
 * A number that counts up from 0 when it scrolls into view. The prerendered
 * HTML holds the final number (no JavaScript, reduced motion, or already on
 * screen at hydration: it simply stays). Screen readers read the final number
 * only; the moving digits are hidden from them.
 */
export function Counter({ value, label, durationMs }: CounterProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(value);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const reduced = window.matchMedia(prefersReducedMotion).matches;
    if (!shouldCount(reduced, el.getBoundingClientRect().top, window.innerHeight)) return;
    setShown(0);
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      let start: number | undefined;
      const tick = (now: number) => {
        start ??= now;
        const next = countAt(now - start, durationMs, value);
        setShown(next);
        if (next < value) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value, durationMs]);
  return (
    <p className={styles.counter}>
      <span ref={ref} className={styles.number} aria-hidden="true" data-counter={value}>
        {shown}
      </span>
      <span className="visually-hidden">{value} </span>
      <span className={styles.label}>{label}</span>
    </p>
  );
}
