import { describe, expect, it } from "vitest";
import { installLinkedInNotice, linkedInNotice } from "./linkedin-status";

const failing = {
  linkedIn: true,
  attention: true,
  message: "The LinkedIn feed is not working: LinkedIn refuses the feed's connection.",
  url: "/admin/linkedin",
};

describe("linkedInNotice", () => {
  it.each([
    ["a failing connection", failing, failing.message],
    [
      "one expiring soon",
      { ...failing, message: "expires on 20 January 2027" },
      "expires on 20 January 2027",
    ],
    ["a working one", { ...failing, attention: false }, null],
    ["the sample feed", { ...failing, linkedIn: false }, null],
    ["no message", { ...failing, message: "" }, null],
    ["not an object", "oops", null],
    ["null", null, null],
  ])("%s", (_, status, want) => {
    expect(linkedInNotice(status)?.message ?? null).toBe(want);
  });

  it("links only to the site's own page", () => {
    expect(linkedInNotice({ ...failing, url: "https://evil.example/" })?.url).toBe(
      "/admin/linkedin",
    );
    expect(linkedInNotice({ ...failing, url: "/admin/linkedinx" })?.url).toBe("/admin/linkedin");
  });
});

describe("installLinkedInNotice", () => {
  const answer = (body: unknown, status = 200) =>
    (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it("shows the message and the link in the notices at the foot of the window, after the editor", async () => {
    document.body.innerHTML = "<div id='nc-root'></div>";
    await installLinkedInNotice(document, answer(failing));
    const notice = document.body.lastElementChild?.firstElementChild as HTMLElement;
    expect(notice.parentElement?.className).toBe("editor-foot");
    expect(notice.getAttribute("role")).toBe("status");
    expect(notice.textContent).toContain(failing.message);
    expect(notice.querySelector("a")?.getAttribute("href")).toBe("/admin/linkedin");
  });

  it.each([
    ["nothing to say", answer({ ...failing, attention: false })],
    ["no status", answer({ status: 404, message: "not found" }, 404)],
    [
      "a network error",
      (async () => Promise.reject(new Error("offline"))) as unknown as typeof fetch,
    ],
  ])("shows nothing for %s", async (_, get) => {
    document.body.innerHTML = "<div id='nc-root'></div>";
    await installLinkedInNotice(document, get);
    expect(document.querySelector(".linkedin-notice")).toBeNull();
  });
});
