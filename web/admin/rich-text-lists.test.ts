// The list shortcut of a Markdown field's rich text, patched into Decap's own
// list plugin (web/patches/decap-cms-widget-markdown), on a real Slate
// editor, and the Markdown Decap's serializer writes for the result (what a
// save stores).
import { createEditor, type Descendant } from "slate";
import withLists from "decap-cms-widget-markdown/dist/esm/MarkdownControl/plugins/lists/withLists.js";
import { slateToMarkdown } from "decap-cms-widget-markdown/dist/esm/serializers/index.js";
import { marked } from "marked";
import { describe, expect, it } from "vitest";

function richText(children: Descendant[]) {
  const editor = withLists(createEditor());
  editor.children = children;
  return editor;
}

/** A node in Decap's schema (Slate's own types know no `type`). */
const node = (value: object) => value as unknown as Descendant;
const paragraph = (text: string) => node({ type: "paragraph", children: [{ text }] });

/** Types as Slate receives typing: one insertText per character. */
function type(editor: ReturnType<typeof richText>, text: string) {
  for (const character of text) editor.insertText(character);
}

/** The lists of the Markdown, as the site's Markdown reader sees them. */
function listsIn(markdown: string) {
  return marked
    .lexer(markdown)
    .filter((token) => token.type === "list")
    .map((token) => ({
      ordered: (token as { ordered: boolean }).ordered,
      items: (token as { items: { text: string }[] }).items.map((item) => item.text),
    }));
}

describe("a marker and a space at the start of a line", () => {
  it('turns "- " at the start of a line into a bulleted list, saved as a Markdown list', () => {
    const editor = richText([paragraph("The role:"), paragraph("")]);
    editor.select({ path: [1, 0], offset: 0 });
    type(editor, "- Own the fund");
    expect(editor.children[1]).toEqual({
      type: "bulleted-list",
      children: [{ type: "list-item", children: [paragraph("Own the fund")] }],
    });
    const markdown = slateToMarkdown(editor.children, {});
    expect(listsIn(markdown)).toEqual([{ ordered: false, items: ["Own the fund"] }]);
    expect(markdown).not.toContain("\\-");
  });

  it('turns "1. " into a numbered list', () => {
    const editor = richText([paragraph("")]);
    editor.select({ path: [0, 0], offset: 0 });
    type(editor, "1. First step");
    expect(listsIn(slateToMarkdown(editor.children, {}))).toEqual([
      { ordered: true, items: ["First step"] },
    ]);
  });

  it("keeps the text after the cursor as the item's text", () => {
    const editor = richText([paragraph("Lead the team")]);
    editor.select({ path: [0, 0], offset: 0 });
    type(editor, "* ");
    expect(listsIn(slateToMarkdown(editor.children, {}))).toEqual([
      { ordered: false, items: ["Lead the team"] },
    ]);
  });

  it("leaves a dash in the middle of a line, a second space, and lists as they are", () => {
    const editor = richText([
      paragraph("Amsterdam"),
      node({
        type: "bulleted-list",
        children: [{ type: "list-item", children: [paragraph("")] }],
      }),
    ]);
    editor.select({ path: [0, 0], offset: 9 });
    type(editor, " - Rotterdam");
    expect(editor.children[0]).toEqual(paragraph("Amsterdam - Rotterdam"));
    // Inside a list item, "- " is text (a nested list is the Tab key's).
    editor.select({ path: [1, 0, 0, 0], offset: 0 });
    type(editor, "- x");
    expect(editor.children[1]).toEqual({
      type: "bulleted-list",
      children: [{ type: "list-item", children: [paragraph("- x")] }],
    });
  });

  it("leaves headings as they are", () => {
    const editor = richText([node({ type: "heading-three", children: [{ text: "" }] })]);
    editor.select({ path: [0, 0], offset: 0 });
    type(editor, "- Title");
    expect(editor.children).toEqual([{ type: "heading-three", children: [{ text: "- Title" }] }]);
  });
});
