// The Markdown rich text writes, in the content's own style. Decap's writer
// (remark-stringify, settings fixed in decap-cms-widget-markdown) writes every
// bullet as "* ": a save in rich-text mode rewrote each "- " item of the field,
// lines staff never touched, and the change under review showed them all.
// The content's lists are written with "- " (content/careers.json), so the
// writer is told to keep that.

/** What a remark plugin sees of remark-stringify's compiler. */
interface StringifyProcessor {
  Compiler?: { prototype?: { options?: Record<string, unknown> } };
}

/** The content's conventions where Decap's writer has its own. */
export const contentMarkdownStyle = { bullet: "-" } as const;

/**
 * A remark plugin (CMS.registerRemarkPlugin): Decap runs its plugins after
 * remark-stringify has taken its settings, so the compiler's options are set
 * here. On the reading side there is no compiler and nothing to do.
 */
export function keepContentMarkdownStyle(this: StringifyProcessor): void {
  const options = this.Compiler?.prototype?.options;
  if (options) Object.assign(options, contentMarkdownStyle);
}
