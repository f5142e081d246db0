// The home page's count-up from 0, easing out so the last digits settle calmly.

export function easeOutCubic(t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return 1 - (1 - c) ** 3;
}

/** The integer shown `elapsedMs` into the count, `target` once `durationMs` has passed. */
export function countAt(elapsedMs: number, durationMs: number, target: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return target;
  if (elapsedMs <= 0) return 0;
  return Math.round(easeOutCubic(elapsedMs / durationMs) * target);
}

/** Whether to count: not under reduced motion, nor when already on screen (it would flicker). */
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

/** Counts each `[data-counter]` up over `data-counter-ms` as it scrolls into view. Returns a stop. */
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
