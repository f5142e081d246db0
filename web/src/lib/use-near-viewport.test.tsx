import { act, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNearViewport } from "./use-near-viewport";

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let notify: Callback | undefined;
let options: IntersectionObserverInit | undefined;
let disconnects = 0;

class FakeObserver {
  constructor(cb: Callback, init?: IntersectionObserverInit) {
    notify = cb;
    options = init;
  }
  observe() {}
  disconnect() {
    disconnects++;
  }
}

function Probe({ always, margin }: { always?: boolean; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, { always, margin });
  return <div ref={ref}>{near ? "near" : "far"}</div>;
}

describe("useNearViewport", () => {
  beforeEach(() => {
    notify = undefined;
    options = undefined;
    disconnects = 0;
    vi.stubGlobal("IntersectionObserver", FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is far until the element comes within the margin, then near for good", () => {
    render(<Probe margin="300px 0px" />);
    expect(screen.getByText("far")).toBeTruthy();
    expect(options?.rootMargin).toBe("300px 0px");
    act(() => notify?.([{ isIntersecting: false }]));
    expect(screen.getByText("far")).toBeTruthy();
    act(() => notify?.([{ isIntersecting: true }]));
    expect(screen.getByText("near")).toBeTruthy();
    expect(disconnects).toBeGreaterThan(0);
    act(() => notify?.([{ isIntersecting: false }]));
    expect(screen.getByText("near")).toBeTruthy();
  });

  it("is near at once when always is set, without observing", () => {
    render(<Probe always />);
    expect(screen.getByText("near")).toBeTruthy();
    expect(notify).toBeUndefined();
  });

  it("counts everything as near without IntersectionObserver", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<Probe />);
    expect(screen.getByText("near")).toBeTruthy();
  });
});
