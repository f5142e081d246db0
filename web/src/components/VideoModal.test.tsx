import { fireEvent, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { wireVideos } from "@/lib/motion";
import type { ImageMedia } from "@/lib/media";
import { polyfillDialog } from "./dialog-polyfill.test-helper";
import { VideoModal, WatchButton, type ModalVideo } from "./VideoModal";

beforeAll(polyfillDialog);

const poster: ImageMedia = {
  name: "partner-prinsengrachtconcert-poster",
  width: 1600,
  height: 900,
  color: "#223344",
  avif: [{ w: 1280, src: "/media/img/poster-1280.avif" }],
  webp: [
    { w: 640, src: "/media/img/poster-640.webp" },
    { w: 1280, src: "/media/img/poster-1280.webp" },
  ],
};
const concert: ModalVideo = {
  src: "/media/video/partner-prinsengrachtconcert.abc.mp4",
  poster,
  title: "The Prinsengrachtconcert",
};

/** The prerendered button and dialog in the document, wired as the page's script does. */
function setup(reduce: boolean) {
  document.body.innerHTML = renderToStaticMarkup(
    <>
      <WatchButton target="video-concert">Watch the video</WatchButton>
      <VideoModal id="video-concert" video={concert} closeLabel="Close video" />
    </>,
  );
  const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
  const undo = wireVideos(document, {
    matchMedia: ((q: string) => ({ matches: reduce && q.includes("reduce") })) as never,
  });
  const dialog = document.querySelector("dialog")!;
  return { play, pause, undo, dialog, video: dialog.querySelector("video")! };
}

describe("VideoModal", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = "";
  });

  it("is a native dialog named by its title, opened by an invoker command and closed without script", () => {
    const { dialog } = setup(false);
    const button = screen.getByRole("button", { name: "Watch the video", hidden: true });
    expect(button.getAttribute("commandfor")).toBe("video-concert");
    expect(button.getAttribute("command")).toBe("show-modal");
    expect(button.getAttribute("aria-haspopup")).toBe("dialog");
    expect(dialog.id).toBe("video-concert");
    expect(dialog.getAttribute("closedby")).toBe("any");
    expect(document.getElementById(dialog.getAttribute("aria-labelledby")!)!.textContent).toBe(
      "The Prinsengrachtconcert",
    );
    const close = dialog.querySelector('form[method="dialog"] button')!;
    expect(close.getAttribute("aria-label")).toBe("Close video");
    expect(dialog.hasAttribute("open")).toBe(false);
  });

  it("holds a muted, looping, inline video with its poster that nothing autoplays or preloads", () => {
    const { video } = setup(false);
    expect(video.hasAttribute("muted")).toBe(true); // the muted attribute: muted from the start
    expect(video.loop).toBe(true);
    expect(video.hasAttribute("playsinline")).toBe(true);
    expect(video.hasAttribute("autoplay")).toBe(false);
    expect(video.getAttribute("preload")).toBe("none");
    expect(video.getAttribute("poster")).toBe("/media/img/poster-1280.webp");
    expect(video.querySelector("source")!.getAttribute("src")).toBe(concert.src);
  });

  it("plays when the dialog opens and pauses when it closes", () => {
    const { play, pause, dialog } = setup(false);
    // jsdom has no invoker commands: wireVideos supplies them.
    fireEvent.click(screen.getByRole("button", { name: "Watch the video" }));
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
    dialog.close();
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it("does not autoplay under reduced motion", () => {
    const { play, dialog } = setup(true);
    fireEvent.click(screen.getByRole("button", { name: "Watch the video" }));
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(play).not.toHaveBeenCalled();
  });

  it("closes on a click on the backdrop (the dialog itself), not on its content", () => {
    const { dialog } = setup(false);
    fireEvent.click(screen.getByRole("button", { name: "Watch the video" }));
    fireEvent.click(dialog.querySelector("h2")!);
    expect(dialog.hasAttribute("open")).toBe(true);
    fireEvent.click(dialog);
    expect(dialog.hasAttribute("open")).toBe(false);
  });

  it("undoes its wiring", () => {
    const { undo, dialog, play } = setup(false);
    undo();
    fireEvent.click(screen.getByRole("button", { name: "Watch the video" }));
    expect(dialog.hasAttribute("open")).toBe(false);
    expect(play).not.toHaveBeenCalled();
  });
});
