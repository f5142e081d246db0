/** The fields of a mouse event (DOM or React) that tell a plain click. */
export type ClickLike = Pick<
  MouseEvent,
  "button" | "defaultPrevented" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey"
>;

/**
 * Whether a click on a link is a plain one, which a page may handle in place:
 * the main button, not already handled, and no modifier (a new tab or window,
 * a download).
 */
export function isPlainClick(event: ClickLike): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}
