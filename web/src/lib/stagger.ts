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
