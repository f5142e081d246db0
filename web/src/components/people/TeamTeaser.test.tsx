import { act, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { teaserPool } from "@/lib/team-teaser-pool";
import { TEASER_INTERVAL_MS, TeamTeaser } from "./TeamTeaser";

vi.mock("@/components/ResponsiveImage", () => ({ ResponsiveImage: () => null }));

let reducedMotion = false;
beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion = false;
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("reduce") ? reducedMotion : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderTeaser(loadPool = vi.fn(() => Promise.resolve(teaserPool))) {
  // A fixed generator: each reshuffle is reproducible.
  let n = 0;
  const rng = () => (((n++ * 0.37) % 1) + 1) % 1;
  const router = createMemoryRouter([
    { path: "/", element: <TeamTeaser rng={rng} loadPool={loadPool} /> },
  ]);
  render(<RouterProvider router={router} />);
  return loadPool;
}

/** Moves the fake clock, then lets the pool's promise settle. */
const tick = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

const shown = () =>
  screen
    .getAllByRole("link")
    .filter((a) => /^\/who-we-are\/\d+$/.test(a.getAttribute("href") ?? ""))
    .map((a) => a.getAttribute("href"));

describe("TeamTeaser", () => {
  it("shows 3 people and a link to the whole team", async () => {
    renderTeaser();
    expect(shown()).toHaveLength(3);
    expect(screen.getByRole("link", { name: "Meet the whole team" }).getAttribute("href")).toBe(
      "/who-we-are",
    );
  });

  it("reshuffles to a different set every 8 seconds", async () => {
    renderTeaser();
    const first = shown();
    await tick(TEASER_INTERVAL_MS - 1);
    expect(shown()).toEqual(first);
    await tick(1);
    const second = shown();
    expect(second).toHaveLength(3);
    expect(second.some((href) => first.includes(href))).toBe(false);
  });

  it("pauses while hovered or focused", async () => {
    renderTeaser();
    const section = screen.getByRole("region", { name: "Our team" });
    const first = shown();
    fireEvent.mouseEnter(section);
    await tick(TEASER_INTERVAL_MS * 2);
    expect(shown()).toEqual(first);
    fireEvent.mouseLeave(section);
    fireEvent.focus(screen.getAllByRole("link")[1]!);
    await tick(TEASER_INTERVAL_MS * 2);
    expect(shown()).toEqual(first);
    fireEvent.blur(screen.getAllByRole("link")[1]!);
    await tick(TEASER_INTERVAL_MS);
    expect(shown()).not.toEqual(first);
  });

  it("never reshuffles under reduced motion, and never loads the pool", async () => {
    reducedMotion = true;
    const loadPool = renderTeaser();
    const first = shown();
    await tick(TEASER_INTERVAL_MS * 3);
    expect(shown()).toEqual(first);
    expect(loadPool).not.toHaveBeenCalled();
  });

  it("reshuffles once the pool arrives when a tick comes first", async () => {
    let arrive: (pool: typeof teaserPool) => void = () => {};
    renderTeaser(vi.fn(() => new Promise<typeof teaserPool>((resolve) => (arrive = resolve))));
    const first = shown();
    await tick(TEASER_INTERVAL_MS);
    expect(shown()).toEqual(first);
    await act(async () => arrive(teaserPool));
    expect(shown()).toHaveLength(3);
    expect(shown().some((href) => first.includes(href))).toBe(false);
  });
});
