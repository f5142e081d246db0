import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Reveal } from "./Reveal";

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let observed: Callback | undefined;

class FakeObserver {
  constructor(cb: Callback) {
    observed = cb;
  }
  observe() {}
  disconnect() {}
}

function stubMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("reduce"),
    addEventListener() {},
    removeEventListener() {},
  }));
}

function placeAt(top: number) {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({
    top,
    bottom: top + 100,
  } as DOMRect);
}

describe("Reveal", () => {
  beforeEach(() => {
    observed = undefined;
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    vi.stubGlobal("innerHeight", 800);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("hides an element below the fold and shows it when it scrolls in", () => {
    stubMotion(false);
    placeAt(2000);
    render(<Reveal>Block</Reveal>);
    const el = screen.getByText("Block");
    expect(el.dataset.reveal).toBe("hidden");
    observed?.([{ isIntersecting: true, boundingClientRect: { bottom: 900 } as DOMRect }]);
    expect(el.dataset.reveal).toBe("shown");
  });

  it("leaves an element that is already on screen alone", () => {
    stubMotion(false);
    placeAt(100);
    render(<Reveal>Block</Reveal>);
    expect(screen.getByText("Block").dataset.reveal).toBeUndefined();
  });

  it("never hides anything under reduced motion", () => {
    stubMotion(true);
    placeAt(2000);
    render(<Reveal>Block</Reveal>);
    expect(screen.getByText("Block").dataset.reveal).toBeUndefined();
  });

  it("waits for the bottom edge when asked to", () => {
    stubMotion(false);
    placeAt(2000);
    render(<Reveal when="bottom">Block</Reveal>);
    const el = screen.getByText("Block");
    observed?.([
      {
        isIntersecting: true,
        boundingClientRect: { bottom: 1000 } as DOMRect,
        rootBounds: { bottom: 800 } as DOMRect,
      },
    ]);
    expect(el.dataset.reveal).toBe("hidden");
    observed?.([
      {
        isIntersecting: true,
        boundingClientRect: { bottom: 790 } as DOMRect,
        rootBounds: { bottom: 800 } as DOMRect,
      },
    ]);
    expect(el.dataset.reveal).toBe("shown");
  });
});
