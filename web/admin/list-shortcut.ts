// In a Markdown field's rich text, "- " (or "* ") at the start of a line starts
// a bulleted list and "1. " (or "1) ") a numbered one, as staff expect from
// Word and Google Docs. Decap's rich-text editor (decap-cms-widget-markdown,
// Slate) has no such shortcut: it kept the marker as text, and its Markdown
// escaped it ("\- item"), so the site showed a dash, not a list.
//
// The shortcut lives in the Slate editor itself, as Slate's own plugins do: its
// insertText is wrapped, so the space is seen in the editor's model after Slate
// has synced the selection, whichever way the browser delivered it (Slate lets
// Chrome insert a space natively and applies it on the `input` event). The
// marker is deleted and Decap's own list command (`editor.toggleList`, what
// the toolbar's list buttons call, plugins/lists/withLists.js) makes the list,
// so Enter, Tab and Backspace then behave as in a list made with the buttons.
// Every Markdown field offers both list buttons (./config.mjs), so the
// shortcut makes nothing a field could not hold.
//
// Decap gives no access to its editor: ./decap-internals.ts finds it from the
// field being typed into.
import type { Editor, Element as SlateElement } from "slate";
import { richTextAt, richTextEditorOf, toggleList } from "./decap-internals";

export type ListType = "bulleted-list" | "numbered-list";

/** The list a line's text before the cursor asks for, when a space is typed after it. */
export function listForMarker(textBefore: string): ListType | undefined {
  if (textBefore === "-" || textBefore === "*") return "bulleted-list";
  if (textBefore === "1." || textBefore === "1)") return "numbered-list";
  return undefined;
}

/** A Slate editor (slate 0.118, with Decap's plugins). */
export type RichTextEditor = Editor;

const isElement = (node: unknown): node is SlateElement =>
  typeof (node as { type?: unknown } | null)?.type === "string";

/**
 * The list a space typed now would start: the cursor is in a paragraph of its
 * own (not already in a list, a quote or a heading), after nothing but a marker.
 */
export function listToStart(
  editor: RichTextEditor,
): { list: ListType; paragraph: number[] } | undefined {
  const { selection } = editor;
  if (!selection) return undefined;
  const { anchor, focus } = selection;
  if (anchor.offset !== focus.offset || anchor.path.join() !== focus.path.join()) return undefined;
  const block = editor.above({
    at: anchor,
    match: (node) => isElement(node) && editor.isBlock(node),
  });
  const [paragraph, path] = block ?? [];
  if ((paragraph as { type?: string } | undefined)?.type !== "paragraph" || path?.length !== 1)
    return undefined;
  const list = listForMarker(editor.string({ anchor: editor.start(path), focus: anchor }));
  return list && { list, paragraph: path };
}

const wrapped = new WeakSet<object>();

/** Wraps the editor's insertText so that a space after a marker starts a list instead. */
export function withListShortcut(editor: RichTextEditor): RichTextEditor {
  if (wrapped.has(editor)) return editor;
  wrapped.add(editor);
  const { insertText } = editor;
  editor.insertText = (text, options) => {
    const start = text === " " ? listToStart(editor) : undefined;
    if (!start || !editor.selection) {
      insertText(text, options);
      return;
    }
    const { anchor } = editor.selection;
    editor.delete({ at: { anchor: editor.start(start.paragraph), focus: anchor } });
    toggleList(editor, start.list);
  };
  return editor;
}

/**
 * Gives every rich-text editor the shortcut before its first keystroke: each
 * typed character is a `beforeinput` on the editable, seen here (capturing,
 * on window) before Slate's own handler on the editable acts on it.
 */
export function installListShortcut() {
  window.addEventListener(
    "beforeinput",
    (event) => {
      const editable = richTextAt(event.target);
      const editor = editable && richTextEditorOf(editable);
      if (editor) withListShortcut(editor as RichTextEditor);
    },
    true,
  );
}
