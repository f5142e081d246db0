// The page headers' parallax: the background image moves slower than the page,
// scrubbed by the scroll position. The browser runs it (Parallax.module.css, a
// scroll-driven animation); this is the mapping it implements, and the unit
// test holds the stylesheet's numbers to it.
//
// There is no damping: a scroll-driven animation follows the scroll position
// exactly, on the compositor, so there is no per-frame easing to tune
// (docs/web.md, "Content screens").

/** The spec's trigger fraction, 0.4; active from 768 px. */
export const PARALLAX = {
  trigger: 0.4,
  /** Share of the scroll distance the background lags behind. */
  speed: 0.3,
  /** Largest shift as a share of the element's height (the image overhangs this much). */
  range: 0.15,
  minWidth: 768,
} as const;

/**
 * Target offset in px of the background (positive: down, so it lags behind the
 * page) for an element whose top is at `top` in viewport coordinates. The
 * effect starts when the element's top passes the trigger line, 40% down the
 * viewport; an element that starts above that line (a page header) starts at
 * its initial position, so nothing jumps at load. Clamped to the overhang so
 * the image never shows an edge.
 */
export function parallaxTarget(
  top: number,
  height: number,
  viewportHeight: number,
  initialTop: number,
  { trigger = PARALLAX.trigger, speed = PARALLAX.speed, range = PARALLAX.range } = {},
): number {
  const line = Math.min(initialTop, trigger * viewportHeight);
  const raw = (line - top) * speed;
  return Math.min(height * range, Math.max(0, raw));
}
