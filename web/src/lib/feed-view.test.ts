import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InsightsBlock } from "@/components/InsightsBlock";
import { LatestInsights } from "@/components/LatestInsights";
import type { FeedLabels } from "./insights";

/** The labels the shells pass (the real ones come from content at build). */
const labels: FeedLabels = {
  states: {
    loading: "Loading insights",
    shown: "{count} posts shown",
    error: "Something went wrong",
    empty: "No posts",
  },
  card: {
    siteName: "Firm",
    companyUrl: "https://www.linkedin.com/company/firm",
    postsUrl: "https://www.linkedin.com/company/firm/posts/",
    followerLabel: "3.921 volgers",
    readMoreLabel: "Read More",
    readMoreContext: "on LinkedIn",
    postsLinkLabel: "More posts",
    repostLabel: "Reposted",
    repostUnavailable: "Not shown here.",
    repostLinkLabel: "View the reposted post",
    pollLabel: "Poll",
    documentLabel: "Document",
    fallbackLinkLabel: "View this post on LinkedIn",
    headingFallback: "LinkedIn post of {date}",
    newTab: "(opens in a new tab)",
    avatar: { src: "/logo.svg", width: 48, height: 48 },
    placeholder: { src: "/placeholder.svg", width: 48, height: 48 },
  },
};

const long = `${"Word ".repeat(80)}#Charity`; // over 350 characters: Read More
const post = (n: number, media: "image" | "video" | null, commentary = `Post ${n} #Charity`) => ({
  id: `urn:li:share:${n}`,
  commentary,
  createdAt: Date.UTC(2023, 10, 14, 9),
  content: media ? { media: { id: `urn:li:${media}:M${n}`, altText: `Media ${n}` } } : {},
});

let elements: unknown[];
let requests: string[];
let feedAnswer: () => Promise<Response>;
/** Observed elements and their callbacks, to bring them "near" on demand. */
let observed: Map<Element, (entries: Partial<IntersectionObserverEntry>[]) => void>;
let reduceMotion: boolean;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  vi.resetModules();
  requests = [];
  observed = new Map();
  reduceMotion = false;
  elements = [post(1, "image", long), post(2, null), post(3, "video"), post(4, "image")];
  feedAnswer = async () => json({ elements });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url === "/linkedin-api") return feedAnswer();
      const urn = new URL(url, "http://x").searchParams.get("urn") ?? "";
      return json({ downloadUrl: `/linkedin-api/media/${urn.split(":").pop()}` });
    }),
  );
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(private cb: (entries: Partial<IntersectionObserverEntry>[]) => void) {}
      observe(el: Element) {
        observed.set(el, this.cb);
      }
      disconnect() {}
    },
  );
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("reduce") && reduceMotion,
  }));
  vi.spyOn(console, "info").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

/** Prerenders a feed as the build does and brings it to life. */
async function mount(kind: "home" | "list") {
  const element =
    kind === "home"
      ? createElement(InsightsBlock, { labels })
      : createElement(LatestInsights, { labels, moreLabel: "More articles" });
  document.body.innerHTML = renderToStaticMarkup(element);
  const { mountFeeds } = await import("./feed-view");
  await mountFeeds();
  // Let media resolutions settle.
  await new Promise((r) => setTimeout(r, 0));
}

const cards = () => [...document.querySelectorAll("[data-feed-list] article")];
const moreButton = () => document.querySelector<HTMLElement>("[data-feed-more]");
const nearAll = () => {
  for (const [el, cb] of observed) cb([{ isIntersecting: true, target: el }]);
};

const status = () => document.querySelector('[role="status"]');

describe("the prerendered feed", () => {
  it("shows the loading state and no posts; its status is there, silent until the script speaks", () => {
    document.body.innerHTML = renderToStaticMarkup(
      createElement(LatestInsights, { labels, moreLabel: "More articles" }),
    );
    // A live region whose text is in the HTML is never announced: it starts empty.
    expect(status()?.textContent).toBe("");
    expect(document.querySelectorAll('[role="status"]')).toHaveLength(1);
    expect(document.querySelector("[data-feed-loading]")?.children.length).toBe(1);
    expect(cards()).toHaveLength(0);
    expect(moreButton()?.hidden).toBe(true);
  });

  it("says it is loading once the script runs", async () => {
    let answer: (r: Response) => void = () => {};
    feedAnswer = () => new Promise((resolve) => (answer = resolve));
    document.body.innerHTML = renderToStaticMarkup(
      createElement(LatestInsights, { labels, moreLabel: "More articles" }),
    );
    const { mountFeeds } = await import("./feed-view");
    const mounted = mountFeeds();
    expect(status()?.textContent).toBe("Loading insights");
    answer(json({ elements }));
    await mounted;
    expect(status()?.textContent).toBe("3 posts shown");
  });
});

describe("mountFeed", () => {
  it("replaces the loading state with the first three posts", async () => {
    await mount("list");
    expect(document.querySelector("[data-feed-loading]")).toBeNull();
    expect(status()?.textContent).toBe("3 posts shown");
    expect(cards()).toHaveLength(3);
    expect(requests.filter((u) => u === "/linkedin-api")).toHaveLength(1);
  });

  it("fills a card: firm, followers, Dutch date, cleaned text with hashtag spans, links", async () => {
    await mount("list");
    const [first, second] = cards();
    expect(first?.textContent).toContain("3.921 volgers");
    const time = first?.querySelector("time");
    expect(time?.textContent).toBe("14 nov 2023");
    expect(time?.dateTime).toBe("2023-11-14T09:00:00.000Z");
    const text = second?.querySelector("p");
    expect(text?.textContent).toBe("Post 2 #Charity");
    expect([...(text?.querySelectorAll("span") ?? [])].map((s) => s.textContent)).toEqual([
      "#Charity",
    ]);
    // Long text: cut, with Read More to the post; short text: no Read More.
    expect(first?.querySelector("p")?.textContent?.endsWith("...")).toBe(true);
    const readMore = [...(first?.querySelectorAll("a") ?? [])].find((a) =>
      a.textContent?.startsWith("Read More"),
    );
    expect(readMore?.href).toBe("https://www.linkedin.com/feed/update/urn:li:share:1/");
    expect(readMore?.target).toBe("_blank");
    expect(second?.textContent).not.toContain("Read More");
  });

  it("heads each post with its first words, and its links say which post they lead to", async () => {
    elements = [post(1, null, long), post(2, "image", "")];
    await mount("list");
    const [first, second] = cards();
    // The heading comes first in the post, before the firm's name and date.
    expect(first?.firstElementChild?.tagName).toBe("H2");
    const heading = first?.querySelector("h2")?.textContent ?? "";
    expect(heading.startsWith("Word Word")).toBe(true);
    expect(heading.endsWith("…")).toBe(true);
    const readMore = [...(first?.querySelectorAll("a") ?? [])].find((a) =>
      a.textContent?.startsWith("Read More"),
    );
    expect(readMore?.textContent).toBe(`Read More on LinkedIn: ${heading} (opens in a new tab)`);
    // Without text: the fallback, its Dutch date marked as Dutch.
    const fallback = second?.querySelector("h2");
    expect(fallback?.textContent).toBe("LinkedIn post of 14 nov 2023");
    expect(fallback?.querySelector('span[lang="nl"]')?.textContent).toBe("14 nov 2023");
    // The Dutch date and followers say they are Dutch; links every card repeats are hidden.
    expect(first?.querySelector("time")?.lang).toBe("nl");
    expect(first?.querySelector("[data-post-followers]")?.getAttribute("lang")).toBe("nl");
    const hidden = [...(first?.querySelectorAll('a[aria-hidden="true"]') ?? [])];
    expect(hidden.map((a) => [a.textContent, a.getAttribute("tabindex")])).toEqual([
      ["Firm", "-1"],
      ["More posts", "-1"],
    ]);
  });

  it("adds three posts per More articles, focuses the first new one, and hides the button at the end", async () => {
    elements = [1, 2, 3, 4, 5, 6, 7].map((n) => post(n, null));
    await mount("list");
    const button = moreButton()!.querySelector("button")!;
    expect(moreButton()?.hidden).toBe(false);
    button.click();
    expect(cards()).toHaveLength(6);
    expect(document.activeElement).toBe(cards()[3]?.querySelector("h2"));
    expect(status()?.textContent).toBe("6 posts shown");
    button.click();
    expect(cards()).toHaveLength(7);
    expect(document.activeElement).toBe(cards()[6]?.querySelector("h2"));
    expect(document.activeElement?.textContent).toBe("Post 7 #Charity");
    expect(moreButton()?.hidden).toBe(true);
  });

  it("shows no button when every post fits the first page", async () => {
    elements = [post(1, null), post(2, null)];
    await mount("list");
    expect(cards()).toHaveLength(2);
    expect(moreButton()?.hidden).toBe(true);
  });

  it("home: the first three posts and no More button", async () => {
    await mount("home");
    expect(cards()).toHaveLength(3);
    expect(moreButton()).toBeNull();
  });

  it.each([
    ["an HTTP error", () => Promise.resolve(json({ status: 503 }, 503))],
    ["a network error", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a 401 body", () => Promise.resolve(json({ status: 401, message: "expired" }))],
  ])("shows the error text in place of the list on %s", async (_, answer) => {
    feedAnswer = answer;
    await mount("list");
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("Something went wrong");
    expect(status()?.textContent).toBe("");
    expect(cards()).toHaveLength(0);
    expect(moreButton()?.hidden).toBe(true);
  });

  it("says so when the feed has no posts", async () => {
    elements = [];
    await mount("home");
    expect(document.querySelector<HTMLElement>("[data-feed-empty]")?.hidden).toBe(false);
  });
});

describe("media", () => {
  it("the lead card's image comes first, at high priority; the others' wait until near", async () => {
    await mount("list");
    const [first, second, third] = cards();
    const img = first?.querySelector<HTMLImageElement>("img[alt='Media 1']");
    expect(img?.getAttribute("src")).toBe("/linkedin-api/media/M1");
    expect(img?.getAttribute("fetchpriority")).toBe("high");
    expect(img?.hasAttribute("loading")).toBe(false);
    // A post without media has no media box.
    expect(second?.querySelector("[data-post-media]")).toBeNull();
    expect(third?.querySelector("video")).toBeNull();
    expect(requests.filter((u) => u.includes("/linkedin-api/video"))).toEqual([]);
    nearAll();
    await vi.waitFor(() => expect(third?.querySelector("video")).not.toBeNull());
  });

  it("a video is muted, looped, inline and autoplays, but not under reduced motion", async () => {
    for (const reduce of [false, true]) {
      reduceMotion = reduce;
      vi.resetModules();
      await mount("list");
      nearAll();
      const video = await vi.waitFor(() => {
        const v = cards()[2]?.querySelector("video");
        if (!v) throw new Error("no video yet");
        return v;
      });
      expect(video.getAttribute("src")).toBe("/linkedin-api/media/M3");
      expect([video.muted, video.loop, video.playsInline, video.autoplay]).toEqual([
        true,
        true,
        true,
        !reduce,
      ]);
      expect(video.getAttribute("aria-label")).toBe("Media 3");
    }
  });

  it("keeps the placeholder when the medium cannot be resolved, logged only", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url === "/linkedin-api" ? json({ elements }) : json({ status: 503 }, 503),
      ),
    );
    await mount("list");
    const first = cards()[0]!;
    expect(first.querySelector("img[alt='Media 1']")).toBeNull();
    expect(first.querySelectorAll("[data-post-media] img")).toHaveLength(1);
    expect(console.info).toHaveBeenCalledWith(expect.stringMatching(/image not loaded/));
  });

  it("removes media whose bytes fail to load, leaving the placeholder", async () => {
    await mount("list");
    const img = cards()[0]!.querySelector("img[alt='Media 1']")!;
    img.dispatchEvent(new Event("error"));
    expect(cards()[0]!.querySelector("img[alt='Media 1']")).toBeNull();
    expect(console.info).toHaveBeenCalledWith(expect.stringMatching(/failed to load/));
  });
});

// Each kind of organisation post gets a card with something in it (Posts API
// shapes; the reposted post comes in the answer's `reshared`).
describe("kinds of post", () => {
  const at = (n: number, extra: Record<string, unknown>) => ({
    id: `urn:li:share:${n}`,
    commentary: "",
    createdAt: Date.UTC(2023, 0, 1),
    publishedAt: Date.UTC(2023, 10, 20 - n, 9),
    ...extra,
  });
  const reshared = {
    "urn:li:share:90": {
      id: "urn:li:share:90",
      commentary: "The reposted text #Partner",
      publishedAt: Date.UTC(2023, 10, 1),
      content: { media: { id: "urn:li:image:R90", altText: "Reposted picture" } },
    },
  };
  beforeEach(() => {
    elements = [
      at(1, { reshareContext: { parent: "urn:li:share:90", root: "urn:li:share:90" } }),
      at(2, {
        content: {
          poll: { question: "Which?", options: [{ text: "One" }, { text: "Two" }] },
        },
      }),
      at(3, { reshareContext: { parent: "urn:li:ugcPost:91" }, commentary: "Worth a read" }),
      at(4, { content: { media: { id: "urn:li:document:D4", title: "ESG report" } } }),
      at(5, {
        content: {
          article: {
            source: "https://example.com/a",
            thumbnail: "urn:li:image:T5",
            title: "Article title",
          },
        },
      }),
      at(6, { content: { celebration: { type: "WELCOME" } } }),
    ];
    feedAnswer = async () => json({ elements, reshared });
  });

  async function all() {
    await mount("list");
    document.querySelector<HTMLElement>("[data-feed-more] button")?.click();
    nearAll();
    await new Promise((r) => setTimeout(r, 0));
    return cards();
  }

  it("never renders an empty card", async () => {
    const shown = await all();
    expect(shown).toHaveLength(6);
    for (const card of shown) {
      const body = [...card.children].filter(
        (el) => el.tagName !== "HEADER" && el.tagName !== "FOOTER",
      );
      expect(
        body.some((el) => (el.textContent ?? "").trim() !== "" || el.querySelector("img")),
      ).toBe(true);
      // Nothing of the template's other kinds is left behind.
      expect(card.querySelectorAll("[data-post-kind] > span").length).toBeLessThanOrEqual(1);
    }
  });

  it("a repost says so and shows the reposted post's text and media", async () => {
    const [repost] = await all();
    expect(repost?.querySelector("[data-post-kind]")?.textContent).toBe("Reposted");
    expect(repost?.querySelector("blockquote")?.textContent).toBe("The reposted text #Partner");
    expect(repost?.querySelector("img[alt='Reposted picture']")?.getAttribute("src")).toBe(
      "/linkedin-api/media/R90",
    );
  });

  it("a repost LinkedIn refused says so and links to the reposted post", async () => {
    const refused = (await all())[2];
    expect(refused?.querySelector("[data-post-text]")?.textContent).toBe("Worth a read");
    const link = refused?.querySelector<HTMLAnchorElement>("[data-post-reshare-link]");
    expect(link?.href).toBe("https://www.linkedin.com/feed/update/urn:li:ugcPost:91/");
    expect(refused?.textContent).toContain("Not shown here.");
  });

  it("a poll shows its question and options as text", async () => {
    const poll = (await all())[1];
    expect(poll?.querySelector("[data-post-kind]")?.textContent).toBe("Poll");
    expect(poll?.querySelector("[data-post-poll-question]")?.textContent).toBe("Which?");
    expect(
      [...(poll?.querySelectorAll("[data-post-poll-options] > p") ?? [])].map((o) => o.textContent),
    ).toEqual(["One", "Two"]);
    expect(poll?.querySelector("[data-post-media]")).toBeNull();
  });

  it("a document shows its title; an article without text its title and link", async () => {
    const shown = await all();
    expect(shown[3]?.querySelector("[data-post-kind]")?.textContent).toBe("Document");
    expect(shown[3]?.querySelector("[data-post-document]")?.textContent).toBe("ESG report");
    const link = shown[4]?.querySelector<HTMLAnchorElement>("[data-post-article-link]");
    expect(link?.href).toBe("https://example.com/a");
    expect(link?.textContent).toContain("Article title");
    expect(shown[4]?.querySelector("img[alt='Article title']")).not.toBeNull();
  });

  it("a kind the site does not know links to the post on LinkedIn", async () => {
    const unknown = (await all())[5];
    const link = unknown?.querySelector<HTMLAnchorElement>("[data-post-fallback-link]");
    expect(link?.href).toBe("https://www.linkedin.com/feed/update/urn:li:share:6/");
    expect(link?.textContent).toContain("View this post on LinkedIn");
  });

  it("dates each card by publishedAt, newest first", async () => {
    const dates = (await all()).map((c) => c.querySelector("time")?.textContent);
    expect(dates).toEqual([
      "19 nov 2023",
      "18 nov 2023",
      "17 nov 2023",
      "16 nov 2023",
      "15 nov 2023",
      "14 nov 2023",
    ]);
  });

  it("a video over the size limit shows its thumbnail, not a player", async () => {
    elements = [at(1, { content: { media: { id: "urn:li:video:BIG", title: "Tour" } } })];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url === "/linkedin-api"
          ? json({ elements })
          : json({ thumbnail: "/linkedin-api/media/thumb-BIG" }),
      ),
    );
    await mount("list");
    const [card] = cards();
    expect(card?.querySelector("video")).toBeNull();
    expect(card?.querySelector("img[alt='Tour']")?.getAttribute("src")).toBe(
      "/linkedin-api/media/thumb-BIG",
    );
  });
});
