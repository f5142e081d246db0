import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// The burger menu's staggered opening (spec: "Menu stagger delays"): its four layers open from
// 0.1 s to 0.4 s and its items from 0.4 s to 1 s, evenly spread.
const layers = [0.1, 0.2, 0.3, 0.4];
const items = [0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

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
    const rules = nthChildDelays("layer");
    expect(layers.map((_, i) => rules.get(String(i + 1)))).toEqual(layers);
    expect(formula("layer")).toEqual([0.1, 0.4]);
  });

  it("items: 0.4 s to 1 s for the seven links, the last delay for any further link", () => {
    const rules = nthChildDelays("item");
    expect(items.slice(0, 6).map((_, i) => rules.get(String(i + 1)))).toEqual(items.slice(0, 6));
    expect(rules.get("n+7")).toBe(1);
    expect(formula("item")).toEqual([0.4, 1]);
  });
});
