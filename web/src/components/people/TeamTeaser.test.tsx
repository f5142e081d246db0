import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ImageMedia } from "@/lib/media";
import type { TeaserPerson } from "@/lib/team-teaser";
import { TEASER_INTERVAL_MS, TeamTeaser } from "./TeamTeaser";

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

const photo = (name: string): ImageMedia => ({
  name,
  width: 480,
  height: 600,
  color: "#687868",
  avif: [{ w: 480, src: `/media/img/${name}-480.avif` }],
  webp: [{ w: 480, src: `/media/img/${name}-480.webp` }],
});
const pool: TeaserPerson[] = Array.from({ length: 12 }, (_, i) => ({
  id: 10 + i,
  name: `Person ${i}`,
  location: ["Amsterdam", "Dublin", "Copenhagen", "Helsinki"][i % 4]!,
  image: photo(`person-${i}`),
}));

function renderTeaser() {
  // A fixed generator: each reshuffle is reproducible.
  let n = 0;
  const rng = () => (((n++ * 0.37) % 1) + 1) % 1;
  return render(
    <TeamTeaser
      heading="Our team"
      intro="The people behind our partnerships."
      buttonLabel="Meet the whole team"
      pool={pool}
      rng={rng}
    />,
  );
}

const tick = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

const shown = () =>
  screen
    .getAllByRole("link")
    .filter((a) => /^\/who-we-are\/\d+$/.test(a.getAttribute("href") ?? ""))
    .map((a) => a.getAttribute("href"));

describe("TeamTeaser", () => {
  it("shows 3 people, each with name, office and photo, and a link to the whole team", () => {
    renderTeaser();
    expect(shown()).toHaveLength(3);
    const first = screen.getAllByRole("listitem")[0]!;
    const person = pool.find((p) => first.querySelector(`a[href="/who-we-are/${p.id}"]`))!;
    expect(first.textContent).toContain(person.name);
    expect(first.textContent).toContain(person.location);
    expect(first.querySelector("img")?.getAttribute("src")).toBe(person.image.webp[0]!.src);
    expect(screen.getByRole("link", { name: "Meet the whole team" }).getAttribute("href")).toBe(
      "/who-we-are",
    );
  });

  it("renders the same seeded first set on every render", () => {
    const { unmount } = renderTeaser();
    const first = shown();
    unmount();
    renderTeaser();
    expect(shown()).toEqual(first);
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

  it("never reshuffles under reduced motion", async () => {
    reducedMotion = true;
    renderTeaser();
    const first = shown();
    await tick(TEASER_INTERVAL_MS * 3);
    expect(shown()).toEqual(first);
  });
});
