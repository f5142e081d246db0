import { useEffect, useRef, type ReactNode } from "react";
import { dampedStep, parallaxEnabled, parallaxTarget } from "@/lib/parallax";
import { prefersReducedMotion } from "@/lib/use-media-query";
import styles from "./Parallax.module.css";

/**
 * A scroll-scrubbed parallax layer (spec: damping 0.2, trigger fraction 0.4,
 * from 768 px, none under reduced motion). A small requestAnimationFrame loop
 * runs only while the layer is still moving and sets the CSS variable
 * --parallax-y; the stylesheet turns it into a transform (no inline style in
 * the markup, and nothing at all below 768 px or under reduced motion).
 */
export function Parallax({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const wide = window.matchMedia("(min-width: 768px)");
    const reduced = window.matchMedia(prefersReducedMotion);
    let frame = 0;
    let current = 0;
    let initialTop = 0;
    let active = false;

    const target = () => {
      const rect = el.getBoundingClientRect();
      return parallaxTarget(rect.top, rect.height, window.innerHeight, initialTop);
    };
    const tick = () => {
      const goal = target();
      current = dampedStep(current, goal);
      el.style.setProperty("--parallax-y", `${current.toFixed(2)}px`);
      frame = current === goal ? 0 : requestAnimationFrame(tick);
    };
    const onScroll = () => {
      if (active && frame === 0) frame = requestAnimationFrame(tick);
    };
    const update = () => {
      active = parallaxEnabled(window.innerWidth, reduced.matches) && wide.matches;
      cancelAnimationFrame(frame);
      frame = 0;
      if (!active) {
        current = 0;
        el.style.removeProperty("--parallax-y");
        delete el.dataset.parallax;
        return;
      }
      initialTop = el.getBoundingClientRect().top + window.scrollY;
      el.dataset.parallax = "on";
      current = target();
      el.style.setProperty("--parallax-y", `${current.toFixed(2)}px`);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    wide.addEventListener("change", update);
    reduced.addEventListener("change", update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      wide.removeEventListener("change", update);
      reduced.removeEventListener("change", update);
    };
  }, []);
  return (
    <div ref={ref} className={[styles.parallax, className].filter(Boolean).join(" ")}>
      <div className={styles.layer}>{children}</div>
    </div>
  );
}
