// The home page's count-up: from 0 to the final number over a fixed duration,
// easing out so the last digits settle calmly.

/** Ease-out cubic on [0, 1]. */
export function easeOutCubic(t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return 1 - (1 - c) ** 3;
}

/**
 * The number shown `elapsedMs` after counting started: an integer from 0 to
 * `target`, exactly `target` once `durationMs` has passed.
 */
export function countAt(elapsedMs: number, durationMs: number, target: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return target;
  if (elapsedMs <= 0) return 0;
  return Math.round(easeOutCubic(elapsedMs / durationMs) * target);
}

/**
 * Whether a counter animates at all: never under reduced motion, and not when
 * its block is already on screen at hydration (the visitor has already read
 * the final number in the prerendered HTML; dropping it to 0 would flicker).
 */
export function shouldCount(
  reducedMotion: boolean,
  topPx: number,
  viewportHeight: number,
): boolean {
  return !reducedMotion && topPx >= viewportHeight;
}

type Env = Pick<Window, "matchMedia" | "innerHeight" | "requestAnimationFrame"> & {
  IntersectionObserver?: typeof IntersectionObserver;
};

/**
 * Counts the prerendered numbers under `root` (`[data-counter]`, holding their
 * final value, with `data-counter-ms` the duration) up from 0 once they scroll
 * into view. A number already on screen, or any under reduced motion, stays as
 * it is. Returns a function that stops it.
 */
export function wireCounters(root: ParentNode, env: Env = window): () => void {
  const reduced = env.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const Observer = env.IntersectionObserver;
  if (!Observer) return () => {};
  let stopped = false;
  const observer = new Observer((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const el = entry.target as HTMLElement;
      const value = Number(el.dataset.counter);
      const duration = Number(el.dataset.counterMs);
      let start: number | undefined;
      const tick = (now: number) => {
        if (stopped) return;
        start ??= now;
        const shown = countAt(now - start, duration, value);
        el.textContent = String(shown);
        if (shown < value) env.requestAnimationFrame(tick);
      };
      env.requestAnimationFrame(tick);
    }
  });
  for (const el of root.querySelectorAll<HTMLElement>("[data-counter]")) {
    if (!shouldCount(reduced, el.getBoundingClientRect().top, env.innerHeight)) continue;
    el.textContent = "0";
    observer.observe(el);
  }
  return () => {
    stopped = true;
    observer.disconnect();
  };
}
