import { beforeEach, describe, expect, it, vi } from "vitest";
import { controlBackgroundVideo, controlBackgroundVideos } from "./background-video";

/** The markup components/BackgroundVideo renders. */
const markup = `
  <div data-background-video>
    <video muted loop playsinline preload="none"></video>
    <button type="button" data-play-label="Play video" data-pause-label="Pause video" hidden>
      <span data-label>Play video</span>
    </button>
  </div>`;

/** A reduced-motion query whose answer a test can change. */
function motionQuery(reduce: boolean) {
  const listeners: Array<() => void> = [];
  const list = {
    matches: reduce,
    addEventListener: (_: string, cb: () => void) => listeners.push(cb),
  } as unknown as MediaQueryList;
  return {
    matchMedia: () => list,
    set(value: boolean) {
      (list as { matches: boolean }).matches = value;
      listeners.forEach((cb) => cb());
    },
  };
}

let root: HTMLElement;
let video: HTMLVideoElement;
let button: HTMLButtonElement;
let paused: boolean;

beforeEach(() => {
  document.body.innerHTML = markup;
  root = document.querySelector("[data-background-video]")!;
  video = root.querySelector("video")!;
  button = root.querySelector("button")!;
  // jsdom has no media playback: play and pause flip `paused` at once and
  // fire their events a task later, as browsers do.
  paused = true;
  Object.defineProperty(video, "paused", { get: () => paused });
  const fire = (type: string) => setTimeout(() => video.dispatchEvent(new Event(type)), 0);
  video.play = vi.fn(() => {
    paused = false;
    fire("play");
    return Promise.resolve();
  });
  video.pause = vi.fn(() => {
    paused = true;
    fire("pause");
  });
});

const name = () => button.textContent?.trim();

describe("controlBackgroundVideo", () => {
  it("starts the muted video and shows the control as Pause", () => {
    controlBackgroundVideo(root, motionQuery(false).matchMedia);
    expect(video.muted).toBe(true);
    expect(video.play).toHaveBeenCalledOnce();
    expect(button.hidden).toBe(false);
    expect(name()).toBe("Pause video");
    expect(button.hasAttribute("data-playing")).toBe(true);
  });

  it("pauses and plays again on each press, naming what the next press does at once", () => {
    controlBackgroundVideo(root, motionQuery(false).matchMedia);
    button.click();
    expect(paused).toBe(true);
    expect(name()).toBe("Play video");
    expect(button.hasAttribute("data-playing")).toBe(false);
    button.click();
    expect(paused).toBe(false);
    expect(name()).toBe("Pause video");
  });

  it("under reduced motion stays paused, showing Play, until the visitor presses it", () => {
    controlBackgroundVideo(root, motionQuery(true).matchMedia);
    expect(video.play).not.toHaveBeenCalled();
    expect(button.hidden).toBe(false);
    expect(name()).toBe("Play video");
    button.click();
    expect(name()).toBe("Pause video");
  });

  it("pauses when the reduced-motion preference turns on", async () => {
    const query = motionQuery(false);
    controlBackgroundVideo(root, query.matchMedia);
    query.set(true);
    expect(paused).toBe(true);
    await vi.waitFor(() => expect(name()).toBe("Play video"));
  });

  it("shows Play when the browser refuses to start the video", async () => {
    video.play = vi.fn(() => Promise.reject(new Error("NotAllowedError")));
    controlBackgroundVideo(root, motionQuery(false).matchMedia);
    await Promise.resolve();
    await Promise.resolve();
    expect(name()).toBe("Play video");
  });
});

describe("controlBackgroundVideos", () => {
  it("wires every background video of the document", () => {
    window.matchMedia = motionQuery(false).matchMedia;
    controlBackgroundVideos();
    expect(button.hidden).toBe(false);
  });
});
