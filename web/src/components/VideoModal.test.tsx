import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { VideoModal, type ModalVideo } from "./VideoModal";
import { polyfillDialog } from "./dialog-polyfill.test-helper";
// The video below is named by content/charity.json: its module registers the media.
import "@/lib/charity";

beforeAll(polyfillDialog);

const concert: ModalVideo = {
  name: "partner-prinsengrachtconcert",
  poster: "partner-prinsengrachtconcert-poster",
  title: "The Prinsengrachtconcert",
};

function Harness() {
  const [video, setVideo] = useState<ModalVideo | null>(null);
  return (
    <>
      <button type="button" onClick={() => setVideo(concert)}>
        Watch the video
      </button>
      <VideoModal video={video} onClose={() => setVideo(null)} closeLabel="Close video" />
    </>
  );
}

function stubMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("reduce"),
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe("VideoModal", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("has no video while closed, then a muted looping video that starts at once", () => {
    stubMotion(false);
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    const { container } = render(<Harness />);
    expect(container.querySelector("video")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Watch the video" }));
    const dialog = screen.getByRole("dialog", { name: "The Prinsengrachtconcert" });
    const video = dialog.querySelector("video")!;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.hasAttribute("playsinline")).toBe(true);
    expect(video.getAttribute("poster")).toMatch(/partner-prinsengrachtconcert-poster/);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it("does not autoplay under reduced motion", () => {
    stubMotion(true);
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "Watch the video" }));
    expect(screen.getByRole("dialog").querySelector("video")).not.toBeNull();
    expect(play).not.toHaveBeenCalled();
  });

  it("closes on the close mark and drops the video", () => {
    stubMotion(false);
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    const { container } = render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "Watch the video" }));
    fireEvent.click(screen.getByRole("button", { name: "Close video" }));
    expect(container.querySelector("video")).toBeNull();
    expect(container.querySelector("dialog")?.hasAttribute("open")).toBe(false);
  });
});
