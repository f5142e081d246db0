// Names and descriptions Decap's form leaves out, put in by our layer so a
// screen reader (and axe) can tell the controls apart:
// - a list entry's fold chevron and remove ✕ (decap-cms-ui-default
//   ListItemTopBar.js: two buttons holding only an icon) are named after
//   their entry: "Fold office 2: Dublin", "Remove office 2: Dublin"; the
//   chevron also says whether the entry is open (aria-expanded); the drag
//   handle between them, which no key moves, is no tab stop;
// - a field's hint (EditorControl.js draws it as a <p> after the widget, tied
//   to nothing) and its error messages describe the field's control
//   (aria-describedby), so they are read with the field, not only by sight.
// Decap's parts are found through ./decap-internals.ts; the wording is in the
// pure functions below.
import { decapPart, listEntryButtons } from "./decap-internals";

const { listEntryBar, foldedEntryName, addButton, hint: HINT, errors: ERRORS } = decapPart;
const TOPBAR_LABEL = `:scope > ${decapPart.fieldTopBar} > label[for]`;

/** Longest summary kept in a button's name: a paragraph's first words, not the paragraph. */
const SUMMARY_MAX = 40;

/** "We invest in European affordable residential property…" cut at a word, with "…". */
export function shortSummary(summary: string, max = SUMMARY_MAX): string {
  const text = summary.replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/**
 * The words for one entry of a list: its kind and place, and what its folded
 * bar shows ("office 2: Dublin"). The place tells two entries with the same
 * name apart; the kind alone stands when the entry shows nothing else.
 */
export function entryName(kind: string, position: number, summary: string): string {
  const what = `${kind.trim().toLowerCase() || "entry"} ${position}`;
  const shown = shortSummary(summary);
  return shown && shown.toLowerCase() !== kind.trim().toLowerCase() ? `${what}: ${shown}` : what;
}

/** The chevron's name: what a press does to which entry. */
export function toggleName(open: boolean, entry: string): string {
  return `${open ? "Fold" : "Unfold"} ${entry}`;
}

/** The ✕'s name. */
export function removeName(entry: string): string {
  return `Remove ${entry}`;
}

/** The kind of entry from the list's add button ("Add office" -> "office"). */
export function kindFromAddButton(text: string): string {
  return text
    .replace(/^\s*Add\s+/i, "")
    .replace(/\s+/g, " ")
    .trim();
}

function setAttr(element: Element, name: string, value: string) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** The kind of entry a list holds: from its add button, else its label. */
function kindOf(box: Element | null): string {
  if (!box) return "entry";
  // The list's own top bar: not the add button of a list inside one of its entries.
  const add = box.querySelector(`:scope > * > ${addButton}`);
  if (add?.textContent?.trim()) return kindFromAddButton(add.textContent);
  const label = [...document.querySelectorAll<HTMLLabelElement>("label[for]")].find(
    (l) => box.id && l.htmlFor === box.id,
  );
  return label?.textContent?.replace(/\s*\(optional\)\s*$/, "").trim() || "entry";
}

/** Names the chevron and ✕ of every list entry under `root`. */
export function nameListButtons(root: ParentNode = document) {
  for (const bar of root.querySelectorAll<HTMLElement>(listEntryBar)) {
    const item = bar.parentElement;
    if (!item) continue;
    const { fold, remove, drag } = listEntryButtons(bar);
    // The drag handle moves an entry by mouse or touch only (Decap gives its
    // list no keyboard sensor): a tab stop that did nothing, without a name.
    if (drag) {
      setAttr(drag, "tabindex", "-1");
      setAttr(drag, "aria-hidden", "true");
    }
    if (!fold && !remove) continue;
    const siblings = [...(item.parentElement?.children ?? [])].filter((e) =>
      e.querySelector(`:scope > ${listEntryBar}`),
    );
    const folded = bar.nextElementSibling?.matches(foldedEntryName)
      ? (bar.nextElementSibling as HTMLElement)
      : undefined;
    const entry = entryName(
      // The list box the entry is in: the element with the list's id (./form-help.ts).
      kindOf(item.parentElement?.parentElement ?? null),
      siblings.indexOf(item) + 1,
      folded?.textContent ?? "",
    );
    const open = !folded || getComputedStyle(folded).display === "none";
    // Either button may be left out.
    if (fold) {
      setAttr(fold, "aria-label", toggleName(open, entry));
      setAttr(fold, "aria-expanded", String(open));
    }
    if (remove) setAttr(remove, "aria-label", removeName(entry));
  }
}

/** Ties each field's hint and error messages to its control (aria-describedby). */
export function describeFields(root: ParentNode = document) {
  for (const hint of root.querySelectorAll<HTMLElement>(HINT)) {
    const container = hint.parentElement;
    const label = container?.querySelector<HTMLLabelElement>(TOPBAR_LABEL);
    const control = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
    if (!container || !label || !control) continue;
    setAttr(hint, "id", `${label.htmlFor}-hint`);
    const ids = [hint.id];
    const errors = container.querySelector<HTMLElement>(`:scope > * > ${ERRORS}`);
    if (errors?.textContent?.trim()) {
      setAttr(errors, "id", `${label.htmlFor}-errors`);
      ids.unshift(errors.id);
    }
    setAttr(control, "aria-describedby", ids.join(" "));
  }
}

/** Keeps the names and descriptions up to date as Decap draws and redraws the form. */
export function installFieldNames() {
  let queued = false;
  const run = () => {
    queued = false;
    nameListButtons();
    describeFields();
  };
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(run);
  });
  const start = () => {
    // Folding an entry changes only the class of its bar's neighbour.
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["class"],
    });
    run();
  };
  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start, { once: true });
}
