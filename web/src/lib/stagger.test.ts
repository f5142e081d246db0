import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { itemStagger, layerStagger, menuLayers, staggerDelays } from "./stagger";

describe("staggerDelays", () => {
  it("spreads the seven menu items from 0.4 s to 1 s", () => {
    expect(staggerDelays(7, 0.4, 1)).toEqual([0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  });
  it("spreads the four menu layers from 0.1 s to 0.4 s", () => {
    expect(staggerDelays(4, 0.1, 0.4)).toEqual([0.1, 0.2, 0.3, 0.4]);
  });
  it("handles one and no elements", () => {
    expect(staggerDelays(1, 0.4, 1)).toEqual([0.4]);
    expect(staggerDelays(0, 0.4, 1)).toEqual([]);
  });
});

// The header applies the delays in CSS (no script, no style attributes):
// nth-child rules, and where the browser has it, a sibling-index() formula.
describe("the menu's CSS applies the specified delays", () => {
  const css = readFileSync(join(__dirname, "../components/Header.module.css"), "utf8");

  /** Delays (s) of `.nav:popover-open .<part>:nth-child(k)` rules, by k. */
  function nthChildDelays(part: string): Map<string, number> {
    const rule = new RegExp(
      String.raw`\.nav:popover-open \.${part}:nth-child\(([^)]+)\)\s*\{\s*transition-delay:\s*([\d.]+)s;\s*\}`,
      "g",
    );
    return new Map([...css.matchAll(rule)].map((m) => [m[1]!.replace(/\s/g, ""), Number(m[2])]));
  }

  /** [first, last] of the sibling-index() formula for a part. */
  function formula(part: string): [number, number] {
    const rule = new RegExp(
      String.raw`\.nav:popover-open \.${part}\s*\{\s*transition-delay:\s*calc\(([\d.]+)s \+ \(sibling-index\(\) - 1\) \* ([\d.]+)s / max\(sibling-count\(\) - 1, 1\)\);`,
    );
    const m = rule.exec(css);
    expect(m, `sibling-index() rule for .${part}`).not.toBeNull();
    const first = Number(m![1]);
    return [first, Math.round((first + Number(m![2])) * 1000) / 1000];
  }

  it("layers: 0.1 s to 0.4 s", () => {
    const expected = staggerDelays(menuLayers, layerStagger.first, layerStagger.last);
    const rules = nthChildDelays("layer");
    expect(expected.map((_, i) => rules.get(String(i + 1)))).toEqual(expected);
    expect(formula("layer")).toEqual([layerStagger.first, layerStagger.last]);
  });

  it("items: 0.4 s to 1 s for the seven links, the last delay for any further link", () => {
    const expected = staggerDelays(7, itemStagger.first, itemStagger.last);
    const rules = nthChildDelays("item");
    expect(expected.slice(0, 6).map((_, i) => rules.get(String(i + 1)))).toEqual(
      expected.slice(0, 6),
    );
    expect(rules.get("n+7")).toBe(itemStagger.last);
    expect(formula("item")).toEqual([itemStagger.first, itemStagger.last]);
  });
});
