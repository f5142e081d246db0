import { describe, expect, it, vi } from "vitest";
import { wireVideos } from "./motion";

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

describe("wireVideos: captions", () => {
  // jsdom has no TextTrack: each <track> gets a stand-in with the browser's
  // starting mode.
  const setup = (modes: TextTrackMode[]) => {
    document.body.innerHTML = `<video muted>${modes
      .map((_, i) => `<track kind="captions" src="/c${i}.vtt"${i === 0 ? " default" : ""}>`)
      .join("")}</video>`;
    const tracks = [...document.querySelectorAll("track")].map((el, i) => {
      const track = { mode: modes[i] };
      Object.defineProperty(el, "track", { value: track });
      return track;
    });
    wireVideos(document, { matchMedia: (() => ({ matches: false })) as never });
    const play = () => document.querySelector("video")!.dispatchEvent(new Event("play"));
    return { tracks, play };
  };

  it("shows the default track the browser left disabled when the video first plays", () => {
    const { tracks, play } = setup(["disabled", "disabled"]);
    const [byDefault, other] = tracks;
    expect(byDefault!.mode).toBe("disabled");
    play();
    expect(byDefault!.mode).toBe("showing");
    expect(other!.mode).toBe("disabled");
    // Turned off by the visitor, they stay off.
    byDefault!.mode = "disabled";
    play();
    expect(byDefault!.mode).toBe("disabled");
  });

  it("leaves a default track the browser already set up as it is", () => {
    for (const mode of ["hidden", "showing"] as const) {
      const { tracks, play } = setup([mode]);
      play();
      expect(tracks[0]!.mode).toBe(mode);
    }
  });
});
