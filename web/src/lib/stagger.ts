// The burger menu's staggered opening (spec: "Menu stagger delays"). The CSS
// (components/Header.module.css) applies these delays per layer and per item;
// stagger.test.ts checks that it does.

/** Coloured layers sweeping in behind the menu. */
export const menuLayers = 4;

/** The layers open from 0.1 s to 0.4 s. */
export const layerStagger = { first: 0.1, last: 0.4 } as const;

/** The menu items animate in from 0.4 s to 1 s. */
export const itemStagger = { first: 0.4, last: 1 } as const;

/**
 * Evenly spread delays (seconds) from `first` to `last` over `count` elements:
 * the menu's layers open from 0.1 s to 0.4 s and its items from 0.4 s to 1 s.
 */
export function staggerDelays(count: number, first: number, last: number): number[] {
  if (count <= 0) return [];
  if (count === 1) return [first];
  const step = (last - first) / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round((first + i * step) * 1000) / 1000);
}
