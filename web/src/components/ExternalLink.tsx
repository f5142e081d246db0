import type { ReactNode } from "react";
import { NewTabNote } from "@/components/NewTabNote";

/**
 * A link to another site: it opens in a new tab, without giving that site a
 * handle on ours, and says so to screen readers after its content (for an
 * image link, after the image's alt text).
 */
export function ExternalLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <NewTabNote />
    </a>
  );
}
