// The contact page's office accordion: at most one entry open.

/** Index of the one open entry, or null when all are closed. */
export type OpenIndex = number | null;

/** Clicking an entry opens it (closing any other); clicking the open one closes it. */
export function toggle(open: OpenIndex, index: number): OpenIndex {
  return open === index ? null : index;
}

/**
 * Arrow-key movement between the accordion's buttons (the WAI-ARIA accordion
 * pattern's optional keys): the index to focus, or null for other keys.
 */
export function focusTarget(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case "ArrowDown":
      return (current + 1) % count;
    case "ArrowUp":
      return (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
