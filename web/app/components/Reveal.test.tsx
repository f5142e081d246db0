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

  it("follows scrolling while partly in view, when no threshold fires as the bottom arrives", () => {
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
    placeAt(750); // bottom at 850: not there yet
    window.dispatchEvent(new Event("scroll"));
    expect(el.dataset.reveal).toBe("hidden");
    placeAt(700); // bottom at 800, exactly the viewport's bottom edge
    window.dispatchEvent(new Event("scroll"));
    expect(el.dataset.reveal).toBe("shown");
  });

  it("stops following scrolling once the element has left the view", () => {
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
    observed?.([{ isIntersecting: false, boundingClientRect: { bottom: 1900 } as DOMRect }]);
    placeAt(700);
    window.dispatchEvent(new Event("scroll"));
    expect(el.dataset.reveal).toBe("hidden");
  });
});
