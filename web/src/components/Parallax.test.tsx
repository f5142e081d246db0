import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Parallax } from "./Parallax";

// The spec's parallax: from 768 px, the background lags 0.3 px per px scrolled, at most 15% of
// the header's height (the image overhangs that much).
const PARALLAX = { speed: 0.3, range: 0.15, minWidth: 768 };

/** The stylesheet without comments, whitespace collapsed. */
const css = readFileSync(`${__dirname}/Parallax.module.css`, "utf8");
const rules = css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\s+/g, " ");
const num = (re: RegExp) => Number(re.exec(rules)?.[1]);

describe("Parallax", () => {
  it("renders the layer it moves, with no script and no inline style", () => {
    const html = renderToStaticMarkup(
      <Parallax className="media">
        <img alt="Header photo" />
      </Parallax>,
    );
    const root = document.createElement("div");
    root.innerHTML = html;
    const layer = root.querySelector("[data-parallax]")!;
    expect(layer.querySelector("img")).not.toBeNull();
    expect(layer.parentElement!.className).toContain("media");
    expect(html).not.toContain("style=");
  });

  it("animates only on screens from 768 px, without a reduced-motion preference, where scroll timelines exist", () => {
    const gate =
      /@media screen and \(min-width: (\d+)px\) and \(prefers-reduced-motion: no-preference\) \{ @supports \(animation-timeline: scroll\(\)\)/;
    expect(Number(gate.exec(rules)?.[1])).toBe(PARALLAX.minWidth);
    // Outside that block nothing animates or overhangs.
    const outside = rules.slice(0, rules.indexOf("@media"));
    expect(outside).not.toMatch(/animation|translate|top:/);
  });

  it("scrubs by the root scroller, in a rule of its own (a minifier folds it into the shorthand otherwise)", () => {
    expect(rules).toMatch(
      /\.parallax > \.layer \{ animation-timeline: scroll\(root block\); animation-range: 0px 100vh; \}/,
    );
    expect(rules).toMatch(/\.layer \{ top: -15%; animation: parallax linear both;/);
  });

  it("moves the layer as the spec says: 0.3 px per px scrolled, up to 15% of the header", () => {
    const to = num(/to \{ --parallax-y: (\d+)vh; \}/); // reached after 100vh of scrolling
    const clamp = num(/min\(var\(--parallax-y\), (\d+)cqh\)/);
    const overhang = num(/top: -(\d+)%/);
    expect(overhang).toBe(clamp);
    const height = 500;
    for (const scrolled of [0, 50, 200, 250, 400, 2000]) {
      const css = Math.min((scrolled * to) / 100, (height * clamp) / 100);
      const spec = Math.min(scrolled * PARALLAX.speed, height * PARALLAX.range);
      expect(css).toBeCloseTo(spec, 6);
    }
  });
});
