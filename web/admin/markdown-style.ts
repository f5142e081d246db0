// The Markdown rich text writes, in the content's own style. Decap's writer
// (remark-stringify, settings fixed in decap-cms-widget-markdown) writes every
// bullet as "* ": a save in rich-text mode rewrote each "- " item of the field,
// lines staff never touched, and the change under review showed them all.
// The content's lists are written with "- " (content/careers.json), so the
// writer is told to keep that.
import { setMarkdownWriterOptions } from "./decap-internals";

/** The content's conventions where Decap's writer has its own. */
export const contentMarkdownStyle = { bullet: "-" } as const;

/** A remark plugin (CMS.registerRemarkPlugin) that sets the writer's options; the reader has none. */
export function keepContentMarkdownStyle(this: unknown): void {
  setMarkdownWriterOptions(this, contentMarkdownStyle);
}
