// Moving pictures: the decision several components share, and the few lines of
// script that start and stop the charity page's videos (no framework: the page
// ships this module and nothing else).

/** The reduced-motion media query. */
export const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * Whether a video may start playing by itself: only without a reduced-motion
 * preference (decisions.md: videos never autoplay under prefers-reduced-motion).
 */
export function mayAutoplay(reducedMotion: boolean): boolean {
  return !reducedMotion;
}

type Env = Pick<Window, "matchMedia"> & {
  IntersectionObserver?: typeof IntersectionObserver;
};

const play = (video: HTMLVideoElement) => void video.play().catch(() => {});

/**
 * Wires the videos under `root` (the prerendered markup of LoopVideo and
 * VideoModal):
 * - `video[data-play="in-view"]` plays while a quarter of it is on screen;
 * - a `dialog[data-video-modal]` plays its video when it opens, pauses it when
 *   it closes;
 * - a video's default captions show when it first plays;
 * - where the browser lacks them, the `command="show-modal"` invoker buttons
 *   and the `closedby="any"` backdrop click are supplied here.
 * Nothing starts by itself under reduced motion. Returns a function that undoes it.
 */
export function wireVideos(root: ParentNode, env: Env = window): () => void {
  const mayPlay = () => mayAutoplay(env.matchMedia(REDUCED_MOTION).matches);
  const undo: Array<() => void> = [];
  const on = <K extends keyof HTMLElementEventMap>(
    el: HTMLElement,
    type: K,
    fn: (event: HTMLElementEventMap[K]) => void,
  ) => {
    el.addEventListener(type, fn);
    undo.push(() => el.removeEventListener(type, fn));
  };

  // A muted video needs its words: its default captions show when it first
  // plays. WebKit leaves a default track disabled when the system's caption
  // preference says so (deciding after this script has run, so not before
  // playback); the visitor can still turn them off in the player.
  for (const video of root.querySelectorAll<HTMLVideoElement>("video")) {
    const track = video.querySelector<HTMLTrackElement>(":scope > track[default]");
    if (!track) continue;
    const show = () => {
      if (track.track.mode === "disabled") track.track.mode = "showing";
    };
    video.addEventListener("play", show, { once: true });
    undo.push(() => video.removeEventListener("play", show));
  }

  const inline = [...root.querySelectorAll<HTMLVideoElement>('video[data-play="in-view"]')];
  if (inline.length > 0 && env.IntersectionObserver) {
    const observer = new env.IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const video = entry.target as HTMLVideoElement;
          if (!entry.isIntersecting) video.pause();
          else if (mayPlay()) play(video);
        }
      },
      { threshold: 0.25 },
    );
    inline.forEach((v) => observer.observe(v));
    undo.push(() => observer.disconnect());
  }

  for (const dialog of root.querySelectorAll<HTMLDialogElement>("dialog[data-video-modal]")) {
    const video = dialog.querySelector("video");
    on(dialog, "toggle", () => {
      if (!video) return;
      if (!dialog.open) video.pause();
      else if (mayPlay()) play(video);
    });
    if (!("closedBy" in HTMLDialogElement.prototype)) {
      // A click on the dialog element itself is a click on its backdrop.
      on(dialog, "click", (event) => {
        if (event.target === dialog) dialog.close();
      });
    }
  }

  if (!("commandForElement" in HTMLButtonElement.prototype)) {
    for (const button of root.querySelectorAll<HTMLButtonElement>(
      'button[commandfor][command="show-modal"]',
    )) {
      on(button, "click", () => {
        const target = document.getElementById(button.getAttribute("commandfor") ?? "");
        if (target instanceof HTMLDialogElement && !target.open) target.showModal();
      });
    }
  }
  return () => undo.forEach((fn) => fn());
}
