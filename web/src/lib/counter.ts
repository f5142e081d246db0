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
