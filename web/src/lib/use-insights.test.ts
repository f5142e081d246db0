import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The store is module state: each test gets a fresh module.
async function freshStore() {
  vi.resetModules();
  return import("./use-insights");
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
let images: string[];

beforeEach(() => {
  requests = [];
  images = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url === "/linkedin-api") return json(feed);
      const urn = new URL(url, "http://x").searchParams.get("urn") ?? "";
      return json({ downloadUrl: `/linkedin-api/media/${urn.split(":").pop()}` });
    }),
  );
  vi.stubGlobal(
    "Image",
    class {
      set src(url: string) {
        images.push(url);
      }
    },
  );
  vi.spyOn(console, "info").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("prefetchInsights", () => {
  it("loads the feed, resolves the first posts' media and starts the first images", async () => {
    const { prefetchInsights } = await freshStore();
    prefetchInsights({ posts: 3, images: 1 });
    await vi.waitFor(() => expect(images).toHaveLength(1));
    await settle();
    expect(requests).toEqual([
      "/linkedin-api",
      "/linkedin-api/image?urn=urn%3Ali%3Aimage%3AC4E22AQ1",
      "/linkedin-api/video?urn=urn%3Ali%3Avideo%3AC4E22AQ2",
      "/linkedin-api/image?urn=urn%3Ali%3Aimage%3AC4E22AQ3",
    ]);
    // Only images are warmed, and only as many as asked for.
    expect(images).toEqual(["/linkedin-api/media/C4E22AQ1"]);
  });

  it("shares its requests with the hooks: the feed and each medium are fetched once", async () => {
    const { prefetchInsights } = await freshStore();
    prefetchInsights({ posts: 3, images: 0 });
    prefetchInsights({ posts: 3, images: 0 });
    await vi.waitFor(() => expect(requests).toHaveLength(4));
    await settle();
    expect(requests.filter((u) => u === "/linkedin-api")).toHaveLength(1);
    expect(new Set(requests).size).toBe(requests.length);
  });

  it("never rejects when the feed fails, and leaves the error for the hooks to show", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ status: 503, message: "down" }, 503)),
    );
    const { prefetchInsights } = await freshStore();
    prefetchInsights({ posts: 3, images: 1 });
    await settle();
    await settle();
    expect(images).toEqual([]);
  });
});
