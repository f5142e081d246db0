import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Counter } from "./Counter";

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let observed: Callback | undefined;
let frames: FrameRequestCallback[] = [];

class FakeObserver {
  constructor(cb: Callback) {
    observed = cb;
  }
  observe() {}
  disconnect() {}
}

function setup({ reduce, top }: { reduce: boolean; top: number }) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("reduce"),
    addEventListener() {},
    removeEventListener() {},
  }));
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top } as DOMRect);
}

/** Runs the pending animation frame at time `t` ms. */
function frameAt(t: number) {
  const pending = frames;
  frames = [];
  act(() => pending.forEach((cb) => cb(t)));
}

const number = (c: HTMLElement) => c.querySelector("[data-counter]")!.textContent;

describe("Counter", () => {
  beforeEach(() => {
    observed = undefined;
    frames = [];
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    vi.stubGlobal("innerHeight", 800);
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal("cancelAnimationFrame", () => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("counts from 0 to its value over the duration once in view", () => {
    setup({ reduce: false, top: 1200 });
    const { container } = render(<Counter value={75} label="professionals" durationMs={4000} />);
    expect(number(container)).toBe("0");
    act(() => observed?.([{ isIntersecting: true }]));
    frameAt(1000);
    frameAt(3000);
    const mid = Number(number(container));
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(75);
    frameAt(5000);
    expect(number(container)).toBe("75");
    expect(frames).toHaveLength(0);
  });

  it("keeps the final number under reduced motion", () => {
    setup({ reduce: true, top: 1200 });
    const { container } = render(<Counter value={4} label="countries" durationMs={4000} />);
    expect(number(container)).toBe("4");
    expect(observed).toBeUndefined();
  });

  it("keeps the final number when already on screen at hydration", () => {
    setup({ reduce: false, top: 100 });
    const { container } = render(<Counter value={4} label="countries" durationMs={4000} />);
    expect(number(container)).toBe("4");
  });

  it("gives screen readers the final number only", () => {
    setup({ reduce: false, top: 1200 });
    const { container } = render(<Counter value={75} label="professionals" durationMs={4000} />);
    expect(container.querySelector("[data-counter]")?.getAttribute("aria-hidden")).toBe("true");
    expect(container.textContent).toContain("75 professionals");
  });
});
