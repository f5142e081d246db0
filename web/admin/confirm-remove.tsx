// Decap's list removes an entry at one click on the x of its bar, with no
// question and no undo: one slip removed a vacancy or a person.
// This wrapper asks first, naming the entry, for lists of entries (a vacancy,
// a person, an office: lists of objects); a list of single texts removes as
// before. Decap's remove button has no name or marker of its own
// (./decap-internals.ts finds it).
import type { ComponentType, MouseEvent } from "react";
import { listEntryRemoveButton, type Immutable } from "./decap-internals";

type FieldLike = Pick<Immutable, "get">;

interface ListControlProps {
  field: FieldLike;
  [prop: string]: unknown;
}

const MARK = "data-editor-list";

/** The question asked before an entry of a list is removed. */
export function removeQuestion(kind: string, name: string): string {
  const what = name ? `the ${kind.toLowerCase()} “${name}”` : `this ${kind.toLowerCase()}`;
  return `Remove ${what}? It is removed from the file when you save (photos only it used are deleted with it). Until you save, leaving the page without saving keeps it.`;
}

/** Wraps Decap's list control: removing an entry of a list of objects asks first. */
export function confirmingListControl(
  Control: ComponentType<ListControlProps>,
  confirm: (message: string) => boolean = (m) => window.confirm(m),
): ComponentType<ListControlProps> {
  return function ConfirmingListControl(props: ListControlProps) {
    const entries = Boolean(props.field.get("fields"));
    const onClickCapture = (event: MouseEvent) => {
      const button = listEntryRemoveButton(event.target);
      // Only this list's own entries: a list inside an entry decides for its own.
      if (!entries || !button || button.closest(`[${MARK}]`) !== event.currentTarget) return;
      const bar = button.parentElement;
      const name = bar?.nextElementSibling?.textContent?.trim() ?? "";
      const kind = String(props.field.get("label_singular") ?? props.field.get("label") ?? "entry");
      if (!confirm(removeQuestion(kind, name))) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    return (
      <div {...{ [MARK]: "" }} onClickCapture={onClickCapture}>
        <Control {...props} />
      </div>
    );
  };
}
