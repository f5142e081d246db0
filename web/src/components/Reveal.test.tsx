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

  /** A bottom-rule Reveal below the fold, with its observer reporting the element partly in view. */
  function bottomRulePartlyInView(distance?: number) {
    stubMotion(false);
    placeAt(2000);
    render(
      <Reveal when="bottom" distance={distance}>
        Block
      </Reveal>,
    );
    intersecting(1000);
    return screen.getByText("Block");
  }

  function intersecting(bottom: number) {
    observed?.([
      {
        isIntersecting: true,
        boundingClientRect: { bottom } as DOMRect,
        rootBounds: { bottom: 800 } as DOMRect,
      },
    ]);
  }

  function scrollTo(top: number) {
    placeAt(top);
    window.dispatchEvent(new Event("scroll"));
  }

  it("waits for the bottom edge when asked to", () => {
    const el = bottomRulePartlyInView();
    expect(el.dataset.reveal).toBe("hidden");
    intersecting(790);
    expect(el.dataset.reveal).toBe("shown");
  });

  it("follows scrolling while partly in view, when no threshold fires as the bottom arrives", () => {
    const el = bottomRulePartlyInView();
    scrollTo(750); // bottom at 850: not there yet
    expect(el.dataset.reveal).toBe("hidden");
    scrollTo(700); // bottom at 800, exactly the viewport's bottom edge
    expect(el.dataset.reveal).toBe("shown");
  });

  it.each([
    { name: "observer", report: (bottom: number) => intersecting(bottom) },
    { name: "scroll", report: (bottom: number) => scrollTo(bottom - 100) },
  ])(
    "judges the bottom rule by where the element sits, not where its hidden offset draws it ($name)",
    ({ report }) => {
      const el = bottomRulePartlyInView(50);
      report(852); // drawn 50 px low: its place ends 2 px below the viewport
      expect(el.dataset.reveal).toBe("hidden");
      report(850); // its place ends exactly at the viewport's bottom edge
      expect(el.dataset.reveal).toBe("shown");
    },
  );

  it("stops following scrolling once the element has left the view", () => {
    const el = bottomRulePartlyInView();
    observed?.([{ isIntersecting: false, boundingClientRect: { bottom: 1900 } as DOMRect }]);
    scrollTo(700);
    expect(el.dataset.reveal).toBe("hidden");
  });
});
