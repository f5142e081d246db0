// The contact page's office accordion: at most one entry open.

export type OpenIndex = number | null;

export function toggle(open: OpenIndex, index: number): OpenIndex {
  return open === index ? null : index;
}

/** The button index the WAI-ARIA accordion's optional keys move to, or null. */
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

/** Wires each `[data-accordion]`'s disclosure buttons: one panel open at most, arrow keys. Returns an undo. */
export function wireAccordion(root: ParentNode): () => void {
  const undo: Array<() => void> = [];
  for (const accordion of root.querySelectorAll<HTMLElement>("[data-accordion]")) {
    const buttons = [...accordion.querySelectorAll<HTMLButtonElement>("button[aria-controls]")];
    const panel = (b: HTMLButtonElement) =>
      document.getElementById(b.getAttribute("aria-controls")!);
    const show = (open: OpenIndex) =>
      buttons.forEach((b, i) => {
        b.setAttribute("aria-expanded", String(open === i));
        const p = panel(b);
        if (p) p.hidden = open !== i;
      });
    const onClick = (event: MouseEvent) => {
      const i = buttons.indexOf((event.target as Element).closest("button")!);
      if (i < 0) return;
      const open = buttons.findIndex((b) => b.getAttribute("aria-expanded") === "true");
      show(toggle(open < 0 ? null : open, i));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const i = buttons.indexOf(event.target as HTMLButtonElement);
      if (i < 0) return;
      const next = focusTarget(event.key, i, buttons.length);
      if (next === null) return;
      event.preventDefault();
      buttons[next]!.focus();
    };
    accordion.addEventListener("click", onClick);
    accordion.addEventListener("keydown", onKeyDown);
    accordion.dataset.accordion = "ready";
    undo.push(() => {
      accordion.removeEventListener("click", onClick);
      accordion.removeEventListener("keydown", onKeyDown);
      accordion.dataset.accordion = "";
    });
  }
  return () => undo.forEach((fn) => fn());
}
