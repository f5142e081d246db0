// Help around Decap's form, where its own components cannot be configured:
// - after a save it refused, the first field in error is opened (a folded
//   list entry or object unfolded), scrolled to and focused, and a message
//   says so (Decap says nothing when no required field is missing);
// - a folded list entry opens by a click on its name, not only its chevron;
// - "Add ..." of a list puts the cursor in the new entry's first field (Decap
//   adds it open but leaves the focus on the button, so staff had to find it);
// - an entry opened has the cursor in its first field, and a save done puts
//   the focus on the toolbar's "Saved" (Decap left it on the page, so the
//   keyboard started again from the top).
// Decap's parts and its save's validation are found through ./decap-internals.ts.
import {
  currentRoute,
  decapPart,
  isEntryRoute,
  onRouteChange,
  onSaveValidated,
} from "./decap-internals";

const { errors: ERRORS, foldedEntryName: FOLDED_LABEL, addButton, listEntry } = decapPart;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function errorLists(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(ERRORS)].filter((e) => e.textContent?.trim());
}

/** The button that unfolds a folded part: the first button of the bar before it. */
function toggleOf(folded: Element): HTMLButtonElement | undefined {
  const bar = folded.previousElementSibling;
  return (
    (bar?.querySelector("button") ?? bar?.previousElementSibling?.querySelector("button")) ||
    undefined
  );
}

const shown = (e: Element) => getComputedStyle(e).display !== "none";

/**
 * The button that opens the outermost folded part an element is in: a folded
 * list entry (its name shown in place of its fields) or a folded object.
 */
function outermostToggle(element: HTMLElement): HTMLButtonElement | undefined {
  let found: HTMLButtonElement | undefined;
  for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
    const name = at.querySelector<HTMLElement>(`:scope > ${FOLDED_LABEL}`);
    const toggle =
      name && shown(name)
        ? name.previousElementSibling?.querySelector("button")
        : !shown(at) && toggleOf(at);
    if (toggle) found = toggle;
  }
  return found;
}

function say(message: string) {
  let region = document.getElementById("editor-save-refused");
  if (!region) {
    region = document.createElement("p");
    region.id = "editor-save-refused";
    region.setAttribute("role", "alert");
    document.body.append(region);
  }
  region.textContent = message;
  region.hidden = false;
  window.setTimeout(() => region && (region.hidden = true), 10_000);
}

/** What `get` gives once it gives something, looked for once a frame for about a second. */
async function within<T>(get: () => T | undefined, frames = 60): Promise<T | undefined> {
  for (let i = 0; i < frames; i++) {
    const found = get();
    if (found) return found;
    await nextFrame();
  }
  return get();
}

/** Opens, scrolls to and focuses the first field in error, and says why nothing was saved. */
export async function revealErrors() {
  // Decap draws the errors after its validation, a frame or more later on a busy machine.
  let first = await within(() => errorLists()[0]);
  // Unfold from the outside in, until the first error is shown: each part once
  // it has opened, so a slow redraw does not fold it again.
  for (let i = 0; first && i < 8; i++) {
    const toggle = outermostToggle(first);
    if (!toggle) break;
    toggle.click();
    await within(() => {
      const now = errorLists()[0];
      return !now || outermostToggle(now) !== toggle;
    });
    first = errorLists()[0];
  }
  if (!first) return;
  const field = first.parentElement?.parentElement ?? first;
  field.scrollIntoView({ block: "center" });
  field
    .querySelector<HTMLElement>("input:not([type=hidden]), textarea, [contenteditable=true]")
    ?.focus({ preventScroll: true });
  const n = errorLists().length;
  say(
    `Not saved: ${n === 1 ? "one field needs" : `${n} fields need`} your attention. The first is opened and marked in red, with what is allowed.`,
  );
}

/** After a save Decap refused, the first field in error is shown (revealErrors). */
export const installRevealErrors = () => onSaveValidated(() => void revealErrors());

/** A folded list entry opens when its name is clicked, as its chevron does. */
export function installFoldedNameClick() {
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const label = target?.closest<HTMLElement>(FOLDED_LABEL);
    if (!label || getComputedStyle(label).display === "none") return;
    const toggle = label.previousElementSibling?.querySelector("button");
    toggle?.click();
  });
}

const EDITABLE =
  'input:not([type=hidden]):not([type=file]):not([readonly]), textarea:not([readonly]), [contenteditable="true"]';

const nothingFocused = () => !document.activeElement || document.activeElement === document.body;

/**
 * Focuses what `get` finds, once it is there (Decap draws after its data came),
 * unless staff focused something first. The form stays at its top: the first
 * field that takes typing can be far down (folded parts and photos come
 * first), and on a phone scrolling to it hid the top of the form.
 */
function focusWhenShown(get: () => HTMLElement | undefined) {
  void within(() => (nothingFocused() ? get() : document.body), 600).then((found) => {
    if (found && found !== document.body) found.focus({ preventScroll: true });
  });
}

/**
 * The first field of the entry's form staff can type in (the preview is in a
 * frame). Only in the form: as the route changes the list's search box is
 * still on the page.
 */
const firstField = () =>
  [...document.querySelectorAll<HTMLElement>(`${decapPart.editor} :is(${EDITABLE})`)].find((e) =>
    e.checkVisibility(),
  );

/** Focus on the first field of an entry opened, and on the save's status after a save. */
export function installEntryFocus(cms: { registerEventListener(listener: object): void }) {
  const opened = (path: string) => isEntryRoute(path) && focusWhenShown(firstField);
  opened(currentRoute());
  onRouteChange(opened);
  cms.registerEventListener({
    name: "postSave",
    // After the save, Decap swaps Save for "Saved"; the focus was on Save's menu.
    handler: () =>
      void within(
        () => document.querySelector<HTMLElement>(decapPart.savedStatus) ?? undefined,
        600,
      ).then((status) => status?.focus()),
  });
}

/**
 * The entries of the list whose box has this id: in the box, after its top bar,
 * one element holds them (the entries of lists inside them are further in). An
 * empty list has none until its first entry is added, and Decap may draw the
 * box anew then: hence the id, not the element.
 */
function entriesOf(listId: string): Element[] {
  const box = document.getElementById(listId);
  if (!box) return [];
  return [...box.children].flatMap((part) =>
    [...part.children].filter((e) => e.matches(listEntry)),
  );
}

/** After "Add ...", the first field of the new entry that staff can type in has the focus. */
export function installFocusNewEntry() {
  document.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const add = target?.closest<HTMLElement>(addButton);
      const listId = add?.closest("[id]")?.id;
      if (!listId) return;
      const before = new Set(entriesOf(listId));
      // Decap adds the entry on this click; it is in the page a frame or two later.
      const newField = () =>
        entriesOf(listId)
          .find((e) => !before.has(e))
          ?.querySelector<HTMLElement>(EDITABLE) ?? undefined;
      void within(newField, 11).then((field) => {
        field?.focus({ preventScroll: true });
        field?.scrollIntoView({ block: "nearest" });
      });
    },
    true,
  );
}
