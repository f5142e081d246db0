// Decisions about moving pictures that several components share.

/**
 * Whether a video may start playing by itself: only without a reduced-motion
 * preference (decisions.md: videos never autoplay under prefers-reduced-motion).
 */
export function mayAutoplay(reducedMotion: boolean): boolean {
  return !reducedMotion;
}
