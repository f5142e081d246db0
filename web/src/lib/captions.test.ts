import { describe, expect, it } from "vitest";
import { toWebVtt, vttTime } from "./captions";

describe("vttTime", () => {
  it.each([
    [0, "00:00:00.000"],
    [4.5, "00:00:04.500"],
    [64.25, "00:01:04.250"],
    [3_723.001, "01:02:03.001"],
  ])("writes %s s as %s", (seconds, text) => {
    expect(vttTime(seconds)).toBe(text);
  });
});

describe("toWebVtt", () => {
  it("writes the cues in the order of their start, after the WEBVTT line", () => {
    const vtt = toWebVtt(
      [
        { start: 4, end: 8, text: "Second" },
        { start: 0, end: 4, text: "First" },
      ],
      "test",
    );
    expect(vtt).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nFirst\n\n00:00:04.000 --> 00:00:08.000\nSecond\n",
    );
  });

  it("escapes markup and arrows, and keeps a cue's lines without blank ones", () => {
    const vtt = toWebVtt([{ start: 0, end: 1, text: "A & B <i>\n\n --> C" }], "test");
    expect(vtt).toContain("\nA &amp; B &lt;i&gt;\n--&gt; C\n");
    // Every cue is one block: no blank line inside it.
    expect(vtt.split("\n\n")).toHaveLength(2);
  });

  it.each([
    [{ start: 4, end: 4, text: "x" }, /must end after it starts/],
    [{ start: -1, end: 4, text: "x" }, /0 seconds or more/],
    [{ start: Number.NaN, end: 4, text: "x" }, /0 seconds or more/],
    [{ start: 0, end: 4, text: " \n " }, /has no text/],
  ])("refuses %o, saying where", (cue, message) => {
    expect(() => toWebVtt([cue], "charity.json, Prinsengrachtconcert")).toThrow(message);
    expect(() => toWebVtt([cue], "charity.json, Prinsengrachtconcert")).toThrow(
      /^charity\.json, Prinsengrachtconcert/,
    );
  });
});
