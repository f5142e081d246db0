import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { wireCounters } from "@/lib/counter";
import { Counter } from "./Counter";

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let observed: Callback | undefined;
let frames: FrameRequestCallback[] = [];

class FakeObserver {
  constructor(cb: Callback) {
    observed = cb;
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** The prerendered counter in the document, wired as the page's script does. */
function setup({ reduce, top }: { reduce: boolean; top: number }) {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top } as DOMRect);
  const root = document.createElement("div");
  root.innerHTML = renderToStaticMarkup(
    <Counter value={75} label="professionals" durationMs={4000} />,
  );
  document.body.append(root);
  const stop = wireCounters(root, {
    matchMedia: ((query: string) => ({ matches: reduce && query.includes("reduce") })) as never,
    innerHeight: 800,
    requestAnimationFrame: (cb: FrameRequestCallback) => frames.push(cb),
    IntersectionObserver: FakeObserver as never,
  });
  return { root, stop };
}

/** Runs the pending animation frame at time `t` ms. */
function frameAt(t: number) {
  const pending = frames;
  frames = [];
  pending.forEach((cb) => cb(t));
}

const number = (c: HTMLElement) => c.querySelector("[data-counter]")!.textContent;

describe("Counter", () => {
  beforeEach(() => {
    observed = undefined;
    frames = [];
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = "";
  });

  it("holds the final number in the HTML, for screen readers once", () => {
    const html = renderToStaticMarkup(
      <Counter value={75} label="professionals" durationMs={4000} />,
    );
    expect(html).toMatch(/data-counter="75" data-counter-ms="4000">75</);
    expect(html).toMatch(/aria-hidden="true"/);
    expect(html).toContain('<span class="visually-hidden">75 </span>');
  });

  it("counts from 0 to its value over the duration once in view", () => {
    const { root } = setup({ reduce: false, top: 1200 });
    expect(number(root)).toBe("0");
    observed?.([{ isIntersecting: true, target: root.querySelector("[data-counter]")! }]);
    frameAt(1000);
    frameAt(3000);
    const mid = Number(number(root));
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(75);
    frameAt(5000);
    expect(number(root)).toBe("75");
    expect(frames).toHaveLength(0);
  });

  it("waits while out of view", () => {
    const { root } = setup({ reduce: false, top: 1200 });
    observed?.([{ isIntersecting: false, target: root.querySelector("[data-counter]")! }]);
    expect(frames).toHaveLength(0);
    expect(number(root)).toBe("0");
  });

  it("leaves the final number under reduced motion", () => {
    const { root } = setup({ reduce: true, top: 1200 });
    expect(number(root)).toBe("75");
    expect(observed).toBeDefined();
    expect(frames).toHaveLength(0);
  });

  it("leaves a number that is already on screen", () => {
    const { root } = setup({ reduce: false, top: 100 });
    expect(number(root)).toBe("75");
  });

  it("stops counting when stopped", () => {
    const { root, stop } = setup({ reduce: false, top: 1200 });
    observed?.([{ isIntersecting: true, target: root.querySelector("[data-counter]")! }]);
    frameAt(1000);
    stop();
    frameAt(2000);
    expect(frames).toHaveLength(0);
  });
});
