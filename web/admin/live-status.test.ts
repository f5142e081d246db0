import { describe, expect, it } from "vitest";
import { liveMessage, liveState, showLiveState, watchLive, type LiveState } from "./live-status";

const CONTEXT = "veldhaven/deploy/production";
// A combined status as GitHub answers it
// (https://docs.github.com/en/rest/commits/statuses#get-the-combined-status-for-a-specific-reference).
const combined = (...statuses: Record<string, unknown>[]) => ({
  state: "pending",
  sha: "a".repeat(40),
  total_count: statuses.length,
  statuses,
});
const other = { context: "ci/other", state: "failure", description: "Another service" };

describe("liveState", () => {
  it.each([
    ["no status yet", combined(), { step: "building" }],
    ["only another service's", combined(other), { step: "building" }],
    ["pending", combined(other, { context: CONTEXT, state: "pending" }), { step: "going-live" }],
    [
      "success with the site's address",
      combined({ context: CONTEXT, state: "success", target_url: "https://www.veldhaven.eu" }),
      { step: "live", url: "https://www.veldhaven.eu" },
    ],
    [
      "success with an address that is not the web's",
      combined({ context: CONTEXT, state: "success", target_url: "javascript:alert(1)" }),
      { step: "live" },
    ],
    [
      "failure with its reason",
      combined({ context: CONTEXT, state: "failure", description: "Rolled back" }),
      { step: "failed", reason: "Rolled back" },
    ],
    [
      "error without a reason",
      combined({ context: CONTEXT, state: "error" }),
      { step: "failed", reason: "it failed" },
    ],
    ["not a combined status", { message: "Not Found" }, { step: "building" }],
    ["nothing", null, { step: "building" }],
  ])("%s", (_, body, want) => {
    expect(liveState(body, CONTEXT)).toEqual(want);
  });
});

describe("watchLive", () => {
  /** A clock that moves only when the watch sleeps. */
  function run(answers: (unknown | Error)[], limit = 60_000) {
    let clock = 0;
    const shown: LiveState[] = [];
    let reads = 0;
    const done = watchLive({
      context: CONTEXT,
      read: async () => {
        const answer = answers[Math.min(reads++, answers.length - 1)];
        if (answer instanceof Error) throw answer;
        return answer;
      },
      show: (s) => shown.push(s),
      every: 5_000,
      limit,
      sleep: async (ms) => void (clock += ms),
      now: () => clock,
    });
    return { done, shown, reads: () => reads };
  }

  it("shows each new step once and ends when the release is live", async () => {
    const w = run([
      combined(),
      combined(),
      new Error("network"),
      combined({ context: CONTEXT, state: "pending" }),
      combined({ context: CONTEXT, state: "success", target_url: "https://www.veldhaven.eu" }),
    ]);
    expect(await w.done).toEqual({ step: "live", url: "https://www.veldhaven.eu" });
    expect(w.shown.map((s) => s.step)).toEqual(["building", "going-live", "live"]);
    expect(w.reads()).toBe(5);
  });

  it("ends on a failure", async () => {
    const w = run([combined({ context: CONTEXT, state: "failure", description: "Rolled back" })]);
    expect(await w.done).toEqual({ step: "failed", reason: "Rolled back" });
  });

  it("says it has had no word once the limit has passed", async () => {
    const w = run([combined()], 20_000);
    expect(await w.done).toEqual({ step: "unknown" });
    expect(w.shown.map((s) => s.step)).toEqual(["building", "unknown"]);
    expect(w.reads()).toBe(5);
  });

  it("stops unseen once a later Publish watches instead", async () => {
    let active = true;
    const shown: LiveState[] = [];
    const done = watchLive({
      context: CONTEXT,
      read: async () => combined(),
      show: (s) => shown.push(s),
      sleep: async () => void (active = false),
      active: () => active,
    });
    expect(await done).toBeUndefined();
    expect(shown).toEqual([{ step: "building" }]);
  });
});

describe("showLiveState", () => {
  it("keeps one banner, a status region, with the site's link only when live", () => {
    document.body.replaceChildren();
    showLiveState(document, { step: "building" });
    showLiveState(document, { step: "live", url: "https://www.veldhaven.eu" });
    const banners = document.querySelectorAll("div.live-status");
    expect(banners).toHaveLength(1);
    const banner = banners[0]!;
    expect(banner.getAttribute("role")).toBe("status");
    expect(banner.textContent).toBe(`${liveMessage({ step: "live" })} View the site`);
    expect(banner.querySelector("a")!.getAttribute("href")).toBe("https://www.veldhaven.eu");
    showLiveState(document, { step: "failed", reason: "Rolled back." });
    expect(banner.textContent).toBe("Not published. The release says: Rolled back.");
    expect(banner.querySelector("a")).toBeNull();
  });
});
