import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Reveal } from "./Reveal";

const css = readFileSync(`${__dirname}/Reveal.module.css`, "utf8")
  .replace(/\/\*[\s\S]*?\*\//g, "")
  .replace(/\s+/g, " ");

function el(node: React.ReactElement) {
  const root = document.createElement("div");
  root.innerHTML = renderToStaticMarkup(node);
  return root.firstElementChild as HTMLElement;
}

describe("Reveal", () => {
  it("marks its element with the rule and its numbers, and renders no style attribute", () => {
    const e = el(<Reveal>Block</Reveal>);
    expect(e.dataset.reveal).toBe("enter");
    expect(e.dataset.revealDuration).toBe("0.6s");
    expect(e.dataset.revealDistance).toBe("32px");
    expect(e.hasAttribute("style")).toBe(false);
    expect(e.textContent).toBe("Block");
  });

  it("passes the ESG block's rule: bottom edge, 0.3 s, 50 px, on the element it is given", () => {
    const e = el(
      <Reveal as="li" when="bottom" duration={0.3} distance={50} className="esg">
        Block
      </Reveal>,
    );
    expect(e.tagName).toBe("LI");
    expect(e.className).toContain("esg");
    expect(e.dataset.reveal).toBe("bottom");
    expect(e.dataset.revealDuration).toBe("0.3s");
    expect(e.dataset.revealDistance).toBe("50px");
  });

  it("reads the numbers from the markup with typed attr(), with the defaults as fallback", () => {
    expect(css).toContain("--reveal-duration: attr(data-reveal-duration type(<time>), 0.6s)");
    expect(css).toContain("--reveal-distance: attr(data-reveal-distance type(<length>), 32px)");
    expect(css).toContain(
      "translate: 0 calc((1 - var(--reveal-shown)) * var(--reveal-distance, 32px));",
    );
  });

  it("animates nothing under reduced motion, in print, or where the browser lacks the timelines", () => {
    const gate = "@media screen and (prefers-reduced-motion: no-preference)";
    const gated = css.slice(css.indexOf(gate));
    const outside = css.slice(0, css.indexOf(gate));
    expect(outside).not.toMatch(/animation:|opacity:|translate:/);
    expect(gated).toMatch(
      /^@media screen and \(prefers-reduced-motion: no-preference\) \{ @supports \(animation-timeline: view\(\)\)/,
    );
    expect(gated).toContain("@supports (timeline-trigger:");
  });

  it("never starts content seen at load below full opacity: ahead on its own timeline than the page on its scroll", () => {
    expect(css).toContain(
      "--reveal-first: clamp(0, (var(--reveal-at) - var(--reveal-scrolled)) * 10000, 1);",
    );
    expect(css).toContain("opacity: var(--reveal-shown);");
    expect(css).toContain(
      "@keyframes reveal-at { from { --reveal-at: 0; } to { --reveal-at: 1; } }",
    );
    expect(css).toContain(
      "@keyframes reveal-scrolled { from { --reveal-scrolled: 0; } to { --reveal-scrolled: 1; } }",
    );
  });

  it('"enter" is scrubbed by the view timeline over the lowest quarter of the viewport, in a rule the minifier cannot fold into the shorthand', () => {
    expect(css).toContain(
      '.reveal[data-reveal="enter"] { --reveal-shown: max(var(--reveal-first), min(1, var(--reveal-at) * 4)); animation: reveal-at linear both, reveal-scrolled linear both; }',
    );
    expect(css).toContain(
      '.reveal.reveal[data-reveal="enter"] { animation-timeline: view(), scroll(root); animation-range: cover 0px cover 100vh, 0px 100vh; }',
    );
  });

  it('"bottom" starts a timed entrance once the bottom edge reaches the viewport bottom, and keeps it', () => {
    expect(css).toContain(
      "@keyframes reveal-bottom { from { opacity: 0; translate: 0 var(--reveal-distance, 32px); } }",
    );
    expect(css).toContain(
      '.reveal[data-reveal="bottom"] { timeline-trigger: --reveal view() entry-crossing 100% exit 100%; animation: reveal-bottom var(--reveal-duration, 0.6s) ease-out both; animation-trigger: --reveal play-forwards; }',
    );
  });
});
