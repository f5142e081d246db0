// The modules of Decap the editor imports that carry no types. decap-cms-core's
// ESM modules: ./decap-internals.ts types what it uses of them.
declare module "decap-cms-core/dist/esm/actions/mediaLibrary.js";
declare module "decap-cms-core/dist/esm/actions/notifications.js";
declare module "decap-cms-core/dist/esm/backend.js";
declare module "decap-cms-core/dist/esm/redux/index.js";
declare module "decap-cms-core/dist/esm/routing/history.js";
// decap-cms-backend-proxy carries no types: the local editor extends its backend (./local-backend.tsx).
declare module "decap-cms-backend-proxy" {
  export class ProxyBackend {
    constructor(config: unknown, options?: unknown);
    authComponent(): unknown;
  }
}
// The modules of Decap's Markdown widget the rich-text list test runs (its
// ESM build carries no types): its list plugin and its Slate -> Markdown writer.
declare module "decap-cms-widget-markdown/dist/esm/MarkdownControl/plugins/lists/withLists.js" {
  import type { Editor } from "slate";
  export default function withLists<T extends Editor>(editor: T): T;
}
declare module "decap-cms-widget-markdown/dist/esm/serializers/index.js" {
  export function slateToMarkdown(value: unknown[], options: Record<string, unknown>): string;
  export function markdownToSlate(markdown: string, options: Record<string, unknown>): unknown[];
}
