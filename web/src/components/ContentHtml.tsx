import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * HTML from content that the build has already sanitised (scripts/safe-html.mjs:
 * only the allow-list reaches a bundle). Links to site paths navigate
 * client-side like a <Link>; other links behave as written.
 */
export function ContentHtml({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return;
    const a = (e.target as Element).closest("a");
    const href = a?.getAttribute("href");
    if (!href || !href.startsWith("/") || href.startsWith("//")) return;
    e.preventDefault();
    navigate(href);
  };
  // Event delegation for the links inside; the div itself is not interactive.
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
