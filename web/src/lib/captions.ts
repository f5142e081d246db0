// Video captions as WebVTT (https://www.w3.org/TR/webvtt1/) from the content's cues, at build.

/** One caption: seconds from the video's start. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** A WebVTT time: "00:01:04.500". */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** Cue text: markup characters escaped, blank lines (which end a cue) dropped. */
function cueText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("\n");
}

/** The WebVTT file of a video's cues by start; throws, failing the build, on a bad cue. */
export function toWebVtt(cues: readonly Cue[], where: string): string {
  const blocks = [...cues]
    .sort((a, b) => a.start - b.start)
    .map((cue) => {
      const text = cueText(cue.text);
      const at = `${where}: the caption "${cue.text.slice(0, 40)}" at ${cue.start} s`;
      if (!Number.isFinite(cue.start) || !Number.isFinite(cue.end) || cue.start < 0) {
        throw new Error(`${at} needs a start and an end of 0 seconds or more`);
      }
      if (cue.end <= cue.start) throw new Error(`${at} must end after it starts`);
      if (!text) throw new Error(`${at} has no text`);
      return `${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${text}`;
    });
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}
