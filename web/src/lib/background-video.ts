// The one moving part of /careers: the pause/play control of the looping
// background video (WCAG 2.2.2). Platform code, not an island: a few lines
// over the prerendered <video> and <button> of components/BackgroundVideo.
// The prerendered video never autoplays; this starts it unless the visitor
// prefers reduced motion, where the poster stays until play is pressed.
/** Marks the element that holds one background video and its control. */
export const BACKGROUND_VIDEO_ATTR = "data-background-video";
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * Wires one background video: mutes it, starts it unless reduced motion is
 * preferred (and pauses it if that preference turns on), shows the control
 * and keeps its name ("Pause …" while playing, "Play …" otherwise) and icon
 * in step with the video.
 */
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
  // decisions.md: videos never autoplay under prefers-reduced-motion (the rule
  // of lib/motion's mayAutoplay, not imported: it would cost this page a
  // second script file, shared with other pages' scripts).
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
