// client:interaction (astro.config.mjs): an island loads no script until the visitor reaches for
// it (a press, focus or key inside it, or any key while its <dialog> is open), and that first
// interaction still does what it says: plain clicks, Escape and typed text are held until the
// island has hydrated, then given to it; an open dialog is made modal meanwhile.
import type { ClientDirective } from "astro";
import { isPlainClick } from "./plain-click";

/** Events that start hydration when they happen inside the island. */
export const startEvents = ["pointerdown", "focusin", "keydown"] as const;

/** Whether a click follows a link off the site's pages (other origin, tab or a download): the browser keeps those. */
export function leavesThePage(target: EventTarget | null, origin: string): boolean {
  const link = target instanceof Element ? target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement)) return false;
  const self = !link.target || link.target === "_self";
  return !self || link.hasAttribute("download") || link.origin !== origin;
}

/** A held click or close request, to give again once the island listens. */
export type Held =
  | { kind: "click"; event: MouseEvent }
  | { kind: "close"; dialog: HTMLDialogElement }
  | { kind: "typed"; field: HTMLInputElement | HTMLTextAreaElement };

/**
 * Gives a held interaction to the island (a discrete event makes React finish hydrating first):
 * a click again, or Escape then `cancel` on the dialog, closing it when nobody answers.
 */
export function replay(held: Held): void {
  if (held.kind === "typed") return replayTyped(held.field);
  if (held.kind === "click") {
    held.event.target?.dispatchEvent(new MouseEvent(held.event.type, held.event));
    return;
  }
  const { dialog } = held;
  dialog.dispatchEvent(
    new KeyboardEvent("keydown", {
      key: "Escape",
      code: "Escape",
      bubbles: true,
      cancelable: true,
    }),
  );
  const answered = !dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
  if (!answered && dialog.open) dialog.close();
}

/**
 * Text typed before hydration, announced to the island: back to the prerendered value, then the
 * typed text again, each with an `input` event, as typing does; the caret stays.
 */
export function replayTyped(field: HTMLInputElement | HTMLTextAreaElement): void {
  const typed = field.value;
  if (typed === field.defaultValue) return;
  const { selectionStart, selectionEnd } = field;
  // The element's own setter, past any the island put on the field itself.
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
  if (!setValue) return;
  setValue.call(field, field.defaultValue);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  setValue.call(field, typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  if (selectionStart !== null && selectionEnd !== null) {
    try {
      field.setSelectionRange(selectionStart, selectionEnd);
    } catch {
      // A field type without a caret (none of the directory's).
    }
  }
}

function openDialog(el: HTMLElement): HTMLDialogElement | null {
  return el.querySelector<HTMLDialogElement>("dialog[open]");
}

function makeModal(dialog: HTMLDialogElement): void {
  if (dialog.matches(":modal")) return;
  dialog.close();
  dialog.showModal();
}

const onInteraction: ClientDirective = (load, _options, el) => {
  const held: Held[] = [];
  let started = false;
  const doc = el.ownerDocument;

  const listeners: [EventTarget, string, (event: never) => void][] = [
    ...startEvents.map((type) => [el, type, onStart] as [EventTarget, string, (e: never) => void]),
    [el, "click", onClick],
    [el, "cancel", onCancel],
    [el, "input", onInput],
    [doc, "keydown", onKey],
  ];

  async function hydrateThenReplay() {
    const hydrate = await load();
    await hydrate();
    for (const [target, type, listener] of listeners) {
      target.removeEventListener(type, listener as EventListener, true);
    }
    for (const interaction of held.splice(0)) replay(interaction);
  }

  function start() {
    if (started) return;
    started = true;
    void hydrateThenReplay();
  }

  function onStart(event: Event) {
    // Focus moved while the page is parsed is the page's (the popup made modal), not the visitor's.
    if (event.type === "focusin" && doc.readyState === "loading") return;
    const dialog = openDialog(el);
    if (dialog && event.type !== "keydown" && dialog.contains(event.target as Node)) {
      makeModal(dialog);
    }
    start();
  }

  function onClick(event: MouseEvent) {
    if (!isPlainClick(event) || leavesThePage(event.target, window.location.origin)) {
      return start();
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ kind: "click", event });
    start();
  }

  // Typing into a field: the first time, kept to announce once hydrated.
  function onInput(event: Event) {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    if (!held.some((h) => h.kind === "typed" && h.field === field)) {
      held.push({ kind: "typed", field });
    }
    start();
  }

  // Escape on a modal dialog: the browser's close request, held for the island.
  function onCancel(event: Event) {
    if (!(event.target instanceof HTMLDialogElement)) return;
    event.preventDefault();
    held.push({ kind: "close", dialog: event.target });
    start();
  }

  function onKey(event: KeyboardEvent) {
    const dialog = openDialog(el);
    if (!dialog) {
      if (el.contains(event.target as Node)) start();
      return;
    }
    start();
    if (event.key === "Escape" && !event.isComposing) {
      if (dialog.matches(":modal")) return; // the browser fires cancel (onCancel)
      event.preventDefault();
      held.push({ kind: "close", dialog });
      return;
    }
    // A key for a control of the island behind the popup stays there.
    const target = event.target as Node;
    if (el.contains(target) && !dialog.contains(target)) return;
    const outside = !dialog.contains(doc.activeElement);
    makeModal(dialog);
    if (event.key === "Tab" && outside) event.preventDefault();
  }

  for (const [target, type, listener] of listeners) {
    target.addEventListener(type, listener as EventListener, true);
  }
};

export default onInteraction;
