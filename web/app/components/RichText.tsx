import { Link } from "react-router";
import { NewTabNote } from "~/components/NewTabNote";
import { site } from "~/lib/content";
import { parseInline } from "~/lib/rich-text";

/**
 * One paragraph of content text: `[label](href)` links and `{email.general}`
 * style placeholders from site.json (see ~/lib/rich-text).
 */
export function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text, site).map((seg, i) => {
        if (!("href" in seg)) return seg.text;
        if (seg.href.startsWith("/")) {
          return (
            <Link key={i} to={seg.href}>
              {seg.text}
            </Link>
          );
        }
        const external = /^https?:/.test(seg.href);
        return (
          <a
            key={i}
            href={seg.href}
            target={external ? "_blank" : undefined}
            rel={external ? "noopener noreferrer" : undefined}
          >
            {seg.text}
            {external && <NewTabNote />}
          </a>
        );
      })}
    </>
  );
}

/** Paragraphs of content text. */
export function Paragraphs({ text, className }: { text: readonly string[]; className?: string }) {
  return (
    <>
      {text.map((p, i) => (
        <p key={i} className={className}>
          <Inline text={p} />
        </p>
      ))}
    </>
  );
}
