// The charity page's videos: the few lines of script that start and stop them.

type Env = Pick<Window, "matchMedia"> & {
  IntersectionObserver?: typeof IntersectionObserver;
};

const play = (video: HTMLVideoElement) => void video.play().catch(() => {});

/**
 * Plays in-view videos and a video dialog's while open (never by itself under reduced motion),
 * shows default captions on first play, and polyfills `command` and `closedby`. Returns an undo.
 */
export function wireVideos(root: ParentNode, env: Env = window): () => void {
  const mayPlay = () => !env.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const undo: Array<() => void> = [];
  const on = <K extends keyof HTMLElementEventMap>(
    el: HTMLElement,
    type: K,
    fn: (event: HTMLElementEventMap[K]) => void,
  ) => {
    el.addEventListener(type, fn);
    undo.push(() => el.removeEventListener(type, fn));
  };

  // A muted video needs its words; WebKit may leave a default track disabled until playback.
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
