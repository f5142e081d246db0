import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PARALLAX } from "@/lib/parallax";
import { Parallax } from "./Parallax";

/** matchMedia for a window `width` px wide, with reduced motion on or off; `setReduced` flips it later. */
function stubScreen(width: number, reduce: boolean) {
  const listeners = new Set<() => void>();
  let reduced = reduce;
  vi.stubGlobal("innerWidth", width);
  vi.stubGlobal("innerHeight", 1000);
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      if (query.includes("reduce")) return reduced;
      const min = /min-width:\s*(\d+)px/.exec(query);
      return min ? width >= Number(min[1]) : false;
    },
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  }));
  return {
    setReduced(value: boolean) {
      reduced = value;
      act(() => listeners.forEach((fn) => fn()));
    },
  };
}

let top = 72;
const frames: FrameRequestCallback[] = [];

function runFrames(n: number) {
  for (let i = 0; i < n && frames.length > 0; i++) act(() => frames.shift()!(0));
}

function renderLayer() {
  render(
    <Parallax>
      <span>Header photo</span>
    </Parallax>,
  );
  return screen.getByText("Header photo").parentElement!.parentElement!;
}

const offset = (el: HTMLElement) => parseFloat(el.style.getPropertyValue("--parallax-y"));

describe("Parallax", () => {
  beforeEach(() => {
    top = 72;
    frames.length = 0;
    vi.stubGlobal("scrollY", 0);
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal("cancelAnimationFrame", () => (frames.length = 0));
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(
      () => ({ top, height: 600, bottom: top + 600 }) as DOMRect,
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    { width: 375, reduce: false, on: false },
    { width: 767, reduce: false, on: false },
    { width: 768, reduce: false, on: true },
    { width: 1280, reduce: false, on: true },
    { width: 1280, reduce: true, on: false },
  ])("at $width px with reduced motion $reduce: layer on = $on", ({ width, reduce, on }) => {
    stubScreen(width, reduce);
    const el = renderLayer();
    expect(el.dataset.parallax).toBe(on ? "on" : undefined);
    expect(el.style.getPropertyValue("--parallax-y")).toBe(on ? "0.00px" : "");
  });

  it("follows scrolling with damping, frame by frame, until it reaches the target", () => {
    stubScreen(1280, false);
    const el = renderLayer();
    top = -128; // scrolled 200 px
    act(() => window.dispatchEvent(new Event("scroll")));
    const goal = 200 * PARALLAX.speed;
    runFrames(1);
    expect(offset(el)).toBeCloseTo(goal * PARALLAX.damping, 1);
    runFrames(1);
    expect(offset(el)).toBeGreaterThan(goal * PARALLAX.damping);
    runFrames(500);
    expect(offset(el)).toBeCloseTo(goal, 1);
    expect(frames).toHaveLength(0); // no loop left running at rest
  });

  it("removes the layer when reduced motion is switched on", () => {
    const screenState = stubScreen(1280, false);
    const el = renderLayer();
    expect(el.dataset.parallax).toBe("on");
    screenState.setReduced(true);
    expect(el.dataset.parallax).toBeUndefined();
    expect(el.style.getPropertyValue("--parallax-y")).toBe("");
    act(() => window.dispatchEvent(new Event("scroll")));
    expect(frames).toHaveLength(0);
  });
});
