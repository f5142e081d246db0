// The pause/play control of /careers' looping background video (WCAG 2.2.2), over the
// prerendered markup of components/BackgroundVideo; no autoplay under reduced motion.
export const BACKGROUND_VIDEO_ATTR = "data-background-video";
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** Mutes and starts one background video and shows its control, named and drawn as the video plays. */
export function controlBackgroundVideo(
  root: Element,
  matchMedia: (query: string) => MediaQueryList = (q) => window.matchMedia(q),
): void {
  const video = root.querySelector("video");
  const button = root.querySelector<HTMLButtonElement>("button[data-play-label]");
  const label = button?.querySelector("[data-label]");
  if (!video || !button || !label) return;
  const sync = () => {
    const playing = !video.paused;
    button.toggleAttribute("data-playing", playing);
    label.textContent = (playing ? button.dataset.pauseLabel : button.dataset.playLabel) ?? "";
  };
  // Muted as a property too: autoplay policies look at the property.
  video.muted = true;
  video.addEventListener("play", sync);
  video.addEventListener("pause", sync);
  button.addEventListener("click", () => {
    if (video.paused) video.play().catch(sync);
    else video.pause();
    // The name follows the press at once, not a task later with the event.
    sync();
  });
  const reduce = matchMedia(REDUCED_MOTION);
  reduce.addEventListener("change", () => {
    if (reduce.matches) video.pause();
  });
  if (!reduce.matches) video.play().catch(sync);
  button.hidden = false;
  sync();
}

/** Wires every background video of the document. */
export function controlBackgroundVideos(doc: ParentNode = document): void {
  doc
    .querySelectorAll(`[${BACKGROUND_VIDEO_ATTR}]`)
    .forEach((root) => controlBackgroundVideo(root));
}
