// client:interaction, the site's own Astro client directive (registered in
// astro.config.mjs): an island that loads no script until the visitor reaches
// for it, and whose first interaction still does what it says.
//
// - Hydration starts on the first pointer press, focus or key press inside the
//   island, on a plain click inside it (assistive technology may click without
//   a press), and, while a <dialog> of the island is open (the popup of
//   /who-we-are/{id}, open in the HTML and drawn over the whole page), on any
//   key press: the popup is what the keys are for, wherever focus is.
// - Until the island has hydrated, a plain click inside it is held (its default
//   prevented) and then given again to its target, so the island's handler
//   answers it: the first click on a card, a filter, next or previous, or
//   close works once, not twice. A click with a modifier (new tab, new window)
//   or on a link out of the site's pages (mailto:, LinkedIn in a new tab) is
//   left to the browser, which is what the island does with it anyway.
// - An open dialog becomes modal on the first key press or on a press or focus
//   inside it, as the island would make it (focus stays in it, the page behind
//   is inert), so Tab does not wander behind it while the script arrives; a
//   Tab from outside it moves focus into it. Escape, and the close request of
//   a modal dialog, are held like clicks and given to the island as the
//   dialog's `cancel` event, which it answers by closing the popup its way.
// - Text typed into a field before hydration is announced to the island once
//   hydrated (replayTyped), so the first letters filter as later ones do.
import type { ClientDirective } from "astro";
import { isPlainClick } from "./plain-click";

/** Events that start hydration when they happen inside the island. */
export const startEvents = ["pointerdown", "focusin", "keydown"] as const;

/**
 * Whether a click on `target` follows a link out of the page's own pages: to
 * another origin or scheme (mailto:), into another tab or window, or to a
 * download. No island takes those over, so the browser keeps them (a click
 * given again later would no longer count as the visitor's, and a new tab
 * would be blocked).
 */
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
 * Gives a held interaction to the island. The first event given to a React
 * island that has not yet hydrated makes React hydrate it at once, effects
 * included (it does so for any discrete event, such as click or keydown), so
 * the island's handlers answer it.
 * - A click: the same click again, on the same target.
 * - A close request: an Escape keydown on the dialog (inside the island, so
 *   React hydrates), then a cancelable `cancel` on it, as the browser fires
 *   for Escape; when nobody answers it, the dialog closes as the browser's would.
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
 * Text typed into a field before hydration, announced to the island. The field
 * shows it already, but a hydrating island takes the value it finds as its
 * starting point (React does) and would learn of it only at the next
 * keystroke. So the field goes back to its prerendered value and says so
 * (`input`: the island hydrates on that value), then gets the typed text back
 * and says so again, as typing does; the caret stays where it was.
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

/** The island's open dialog, if any. */
function openDialog(el: HTMLElement): HTMLDialogElement | null {
  return el.querySelector<HTMLDialogElement>("dialog[open]");
}

/** Makes an open dialog modal (focus moves into it), unless it is already. */
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
    // Focus moved while the page is still being parsed is the page's, not
    // the visitor's: /who-we-are/{id} makes its popup modal as it is parsed
    // (people/PeopleDirectory.astro), which moves focus into it. A visitor's
    // key or press then starts hydration, as it would have anyway.
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
    // A key for a control of the island behind the popup (a filter, the
    // search field the visitor clicked): it stays there.
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
