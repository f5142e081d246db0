/** HTML the build rendered from content Markdown and sanitised (lib/safe-html.mjs). */
export function ContentHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
