import type { ReactNode } from "react";
import { NewTabNote } from "@/components/NewTabNote";

/** A link to another site, in a new tab with no handle on ours, said to screen readers. */
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
