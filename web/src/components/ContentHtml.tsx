/**
 * HTML the build rendered from content Markdown and sanitised (scripts/safe-html.mjs:
 * only the allow-list reaches a bundle), rendered as it is. Its links are plain
 * links: pages are separate documents.
 */
export function ContentHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
