// The modules of Decap's Markdown widget the list shortcut's test runs (its
// ESM build carries no types): its list plugin and its Slate -> Markdown writer.
declare module "decap-cms-widget-markdown/dist/esm/MarkdownControl/plugins/lists/withLists.js" {
  import type { Editor } from "slate";
  export default function withLists<T extends Editor>(editor: T): T;
}
declare module "decap-cms-widget-markdown/dist/esm/serializers/index.js" {
  export function slateToMarkdown(value: unknown[], options: Record<string, unknown>): string;
  export function markdownToSlate(markdown: string, options: Record<string, unknown>): unknown[];
}
