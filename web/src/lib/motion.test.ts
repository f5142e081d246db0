import { describe, expect, it, vi } from "vitest";
import { mayAutoplay, wireVideos } from "./motion";

describe("mayAutoplay", () => {
  it("plays without a reduced-motion preference and never with one", () => {
    expect(mayAutoplay(false)).toBe(true);
    expect(mayAutoplay(true)).toBe(false);
  });
});

describe("wireVideos: inline videos", () => {
  type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
  let observed: Callback | undefined;
  class FakeObserver {
    constructor(cb: Callback) {
      observed = cb;
    }
    observe() {}
    disconnect() {}
  }
  const setup = (reduce: boolean) => {
    document.body.innerHTML = '<video data-play="in-view" muted loop></video>';
    const video = document.querySelector("video")!;
    const play = vi.spyOn(video, "play").mockResolvedValue(undefined);
    const pause = vi.spyOn(video, "pause").mockImplementation(() => {});
    wireVideos(document, {
      matchMedia: ((q: string) => ({ matches: reduce && q.includes("reduce") })) as never,
      IntersectionObserver: FakeObserver as never,
    });
    return { video, play, pause };
  };

  it("plays while in view and pauses out of view", () => {
    const { video, play, pause } = setup(false);
    observed?.([{ isIntersecting: true, target: video }]);
    expect(play).toHaveBeenCalledTimes(1);
    observed?.([{ isIntersecting: false, target: video }]);
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it("never starts by itself under reduced motion", () => {
    const { video, play } = setup(true);
    observed?.([{ isIntersecting: true, target: video }]);
    expect(play).not.toHaveBeenCalled();
  });
});
