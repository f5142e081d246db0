import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The requests are module state: each test gets a fresh module.
async function fresh() {
  vi.resetModules();
  return import("./feed");
}

const feed = {
  elements: [1, 2, 3, 4].map((n) => ({
    id: `urn:li:share:${n}`,
    commentary: `Post ${n}`,
    createdAt: 1_700_000_000_000,
    content: { media: { id: `urn:li:${n === 2 ? "video" : "image"}:C4E22AQ${n}`, altText: "" } },
  })),
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

let requests: string[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url === "/linkedin-api") return json(feed);
      const urn = new URL(url, "http://x").searchParams.get("urn") ?? "";
      return json({ downloadUrl: `/linkedin-api/media/${urn.split(":").pop()}` });
    }),
  );
  vi.spyOn(console, "info").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("loadFeed", () => {
  it("gives the feed's posts, asking for JSON at the URL the page preloads", async () => {
    const { loadFeed, FEED_URL } = await fresh();
    const posts = await loadFeed();
    expect(posts.map((p) => p.id)).toEqual(feed.elements.map((e) => e.id));
    expect(FEED_URL).toBe("/linkedin-api");
    expect(vi.mocked(fetch).mock.calls[0]?.[1]).toEqual({
      headers: { Accept: "application/json" },
    });
  });

  it("requests the feed once however many ask", async () => {
    const { loadFeed } = await fresh();
    await Promise.all([loadFeed(), loadFeed()]);
    await loadFeed();
    expect(requests).toEqual(["/linkedin-api"]);
  });

  it.each([
    ["an HTTP error", () => json({ status: 503, message: "down" }, 503)],
    ["a network error", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a body whose status is 401", () => json({ status: 401, message: "token expired" })],
    ["a body without elements", () => json({ paging: {} })],
  ])("rejects on %s, logged only, and a later call tries again", async (_, answer) => {
    vi.stubGlobal("fetch", vi.fn(answer));
    const { loadFeed } = await fresh();
    await expect(loadFeed()).rejects.toThrow();
    // Logged for us, never as a console error the visitor's tools would flag.
    expect(console.info).toHaveBeenCalledWith(expect.stringMatching(/^insights: feed not loaded/));
    await expect(loadFeed()).rejects.toThrow();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe("resolveMedia", () => {
  const image = { kind: "image" as const, urn: "urn:li:image:C4E22AQ9", alt: "" };

  it("gives the download URL, one request per medium", async () => {
    const { resolveMedia } = await fresh();
    const [a, b] = await Promise.all([resolveMedia(image), resolveMedia(image)]);
    expect(a).toEqual({ src: "/linkedin-api/media/C4E22AQ9", kind: "image" });
    expect(b).toBe(a);
    expect(requests).toEqual(["/linkedin-api/image?urn=urn%3Ali%3Aimage%3AC4E22AQ9"]);
  });

  it("rejects a URL that is not a path on this site, logged only", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ downloadUrl: "https://elsewhere.example/x.jpg" })),
    );
    const { resolveMedia } = await fresh();
    await expect(resolveMedia(image)).rejects.toThrow(/no usable downloadUrl/);
    expect(console.info).toHaveBeenCalledWith(expect.stringMatching(/image not loaded/));
  });

  it("rejects on an HTTP error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ status: 503 }, 503)),
    );
    const { resolveMedia } = await fresh();
    await expect(resolveMedia(image)).rejects.toThrow(/HTTP 503/);
  });
});
