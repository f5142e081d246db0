import { ExternalLink } from "@/components/ExternalLink";
import type { Site } from "@/lib/content";
import { parseInline } from "@/lib/rich-text";

/** One paragraph of content text with its links and placeholders (@/lib/rich-text). */
export function Inline({ text, site }: { text: string; site: Site }) {
  return (
    <>
      {parseInline(text, site).map((seg, i) => {
        if (!("href" in seg)) return seg.text;
        if (/^https?:/.test(seg.href)) {
          return (
            <ExternalLink key={i} href={seg.href}>
              {seg.text}
            </ExternalLink>
          );
        }
        return (
          <a key={i} href={seg.href}>
            {seg.text}
          </a>
        );
      })}
    </>
  );
}

export function Paragraphs({
  text,
  site,
  className,
}: {
  text: readonly string[];
  site: Site;
  className?: string;
}) {
  return (
    <>
      {text.map((p, i) => (
        <p key={i} className={className}>
          <Inline text={p} site={site} />
        </p>
      ))}
    </>
  );
}
