import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  cleanCommentary,
  FeedError,
  amsterdamOffsetHours,
  formatPostDate,
  isoDate,
  mediaEndpoint,
  parseFeed,
  parseMediaAnswer,
  sortNewestFirst,
  toSocialPost,
  postHeading,
  HEADING_LIMIT,
  postMedia,
  postText,
  type SocialPost,
  postUrl,
  READ_MORE_THRESHOLD,
  segmentText,
  showsReadMore,
  TEXT_LIMIT,
  truncateText,
} from "./insights";

describe("cleanCommentary", () => {
  it.each([
    ["hashtag markup to a plain #", "Closed {hashtag|\\#|Acquisition}", "Closed #Acquisition"],
    ["unescaped # in the template", "{hashtag|#|ESG} {hashtag|\\#|GRESB}", "#ESG #GRESB"],
    [
      "organization mention keeps the name",
      "Thanks to @[Brink Mulder Advocaten](urn:li:organization:52810377).",
      "Thanks to Brink Mulder Advocaten.",
    ],
    [
      "person mention keeps the name",
      "Welcome @[Sanne de Graaf](urn:li:person:abc123XYZ)!",
      "Welcome Sanne de Graaf!",
    ],
    [
      "escaped reserved characters",
      "Yield 5\\% \\(net\\) \\@ \\#1 \\[sic\\]",
      "Yield 5\\% (net) @ #1 [sic]",
    ],
    ["stray braces removed", "a {b} c}{", "a b c"],
    ["escaped braces removed too", "set \\{x\\}", "set x"],
    ["unterminated hashtag markup", "{hashtag|\\#|Open", "hashtag|#|Open"],
    ["blank lines collapsed, ends trimmed", "  one\n\n\n\ntwo  \n", "one\n\ntwo"],
    ["empty", "", ""],
  ])("%s", (_, input, want) => {
    expect(cleanCommentary(input)).toBe(want);
  });

  it("answers an empty string for anything that is not a string", () => {
    expect(cleanCommentary(undefined)).toBe("");
    expect(cleanCommentary(42)).toBe("");
    expect(cleanCommentary({ text: "x" })).toBe("");
  });

  // Text built from the pieces that matter: markup, escapes, braces, brackets.
  const markupish = fc
    .array(
      fc.oneof(
        fc.string(),
        fc.constantFrom("{", "}", "\\", "#", "@", "[", "]", "(", ")", "|", "\n", " "),
        fc.string().map((s) => `{hashtag|\\#|${s}}`),
        fc.string().map((s) => `@[${s}](urn:li:organization:${s.length})`),
        fc.string({ unit: "grapheme" }),
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join(""));

  it("never throws and never outputs a markup brace (property)", () => {
    fc.assert(
      fc.property(fc.oneof(markupish, fc.string({ unit: "binary" }), fc.anything()), (input) => {
        const out = cleanCommentary(input);
        return typeof out === "string" && !/[{}]/.test(out);
      }),
      { numRuns: 500 },
    );
    // fast-check's generators are slow on a busy machine; the cleaner is not.
  }, 30_000);

  it("cleans hostile text quickly (bounded patterns, no quadratic backtracking)", () => {
    const hostile = "@[".repeat(5000) + " ".repeat(20000) + "x" + "{hashtag|\\#|".repeat(3000);
    const started = performance.now();
    const out = cleanCommentary(hostile);
    expect(out).not.toMatch(/[{}]/);
    // Quadratic patterns took seconds here; linear ones take milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("leaves plain text without reserved characters as it is, trimmed (property)", () => {
    const plain = fc
      .string()
      .filter((s) => !/[\\|{}@[\]()<>#*_~]/.test(s) && !/\n{3,}|[ \t]\n/.test(s));
    fc.assert(
      fc.property(plain, (s) => {
        expect(cleanCommentary(s)).toBe(s.trim());
      }),
    );
  });

  it("keeps the name of every hashtag (property)", () => {
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,20}$/);
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 5 }), (names) => {
        const raw = names.map((n) => `{hashtag|\\#|${n}}`).join(" ");
        expect(cleanCommentary(raw)).toBe(names.map((n) => `#${n}`).join(" "));
      }),
    );
  });
});

describe("truncateText and showsReadMore", () => {
  it("keeps text of up to 400 characters whole", () => {
    const text = "a".repeat(TEXT_LIMIT);
    expect(truncateText(text)).toBe(text);
  });

  it("cuts longer text to 400 characters plus ...", () => {
    const out = truncateText("b".repeat(TEXT_LIMIT + 1));
    expect(out).toBe(`${"b".repeat(TEXT_LIMIT)}...`);
  });

  it("never splits an emoji", () => {
    expect(truncateText("😀".repeat(TEXT_LIMIT + 5))).toBe(`${"😀".repeat(TEXT_LIMIT)}...`);
  });

  it("shows Read More only over 350 characters", () => {
    expect(showsReadMore("x".repeat(READ_MORE_THRESHOLD))).toBe(false);
    expect(showsReadMore("x".repeat(READ_MORE_THRESHOLD + 1))).toBe(true);
  });

  it("is at most 403 characters and a prefix of its input (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1000, unit: "grapheme-composite" }), (s) => {
        const out = truncateText(s);
        expect(Array.from(out).length).toBeLessThanOrEqual(TEXT_LIMIT + 3);
        expect(s.startsWith(out.endsWith("...") && out !== s ? out.slice(0, -3) : out)).toBe(true);
      }),
    );
  });
});

describe("segmentText", () => {
  it("renders each #word as its own segment", () => {
    expect(segmentText("Closed today #Acquisition #Amsterdam, thanks")).toEqual([
      { text: "Closed today ", hashtag: false },
      { text: "#Acquisition", hashtag: true },
      { text: " ", hashtag: false },
      { text: "#Amsterdam,", hashtag: true },
      { text: " thanks", hashtag: false },
    ]);
  });

  it("treats a lone # as text", () => {
    expect(segmentText("we are # 1")).toEqual([{ text: "we are # 1", hashtag: false }]);
  });

  it("joins back to its input, and no text segment holds a #word (property)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const segments = segmentText(s);
        expect(segments.map((x) => x.text).join("")).toBe(s);
        for (const seg of segments) {
          if (!seg.hashtag) expect(seg.text).not.toMatch(/(^|\s)#\S/);
        }
      }),
    );
  });
});

describe("postText", () => {
  it("cleans, cuts and flags a long post", () => {
    const raw = `${"word ".repeat(100)}{hashtag|\\#|End}`;
    const { segments, readMore } = postText(raw);
    expect(readMore).toBe(true);
    const text = segments.map((s) => s.text).join("");
    expect(text.endsWith("...")).toBe(true);
    expect(text).not.toContain("{");
  });

  it("keeps a short post whole, hashtags as spans", () => {
    const { segments, readMore } = postText("Hello {hashtag|\\#|Dublin}");
    expect(readMore).toBe(false);
    expect(segments).toEqual([
      { text: "Hello ", hashtag: false },
      { text: "#Dublin", hashtag: true },
    ]);
  });
});

describe("postHeading", () => {
  const post = (extra: Partial<SocialPost>): SocialPost => ({
    id: "urn:li:share:1",
    kind: "text",
    commentary: "",
    publishedAt: 0,
    media: null,
    article: null,
    document: null,
    poll: null,
    repost: null,
    ...extra,
  });

  it("is the first line of the cleaned text", () => {
    const commentary =
      "\nWe closed {hashtag|\\#|Dublin} @[Brink](urn:li:organization:1)\nMore to say";
    expect(postHeading(post({ commentary }), "Post")).toBe("We closed #Dublin Brink");
  });

  it("cuts a long line at a word, within the limit, and says so", () => {
    const heading = postHeading(post({ commentary: "word ".repeat(40) }), "Post");
    expect(heading).toBe(`${"word ".repeat(16).trimEnd()}…`);
    expect([...heading].length).toBeLessThanOrEqual(HEADING_LIMIT + 1);
  });

  it("takes the reposted post's text, then the article, document or poll", () => {
    const parent = post({ commentary: "The parent's words" });
    expect(postHeading(post({ repost: { id: "x", post: parent } }), "Post")).toBe(
      "The parent's words",
    );
    expect(postHeading(post({ article: { title: "An article", url: null } }), "Post")).toBe(
      "An article",
    );
    expect(postHeading(post({ document: { title: "Annual report" } }), "Post")).toBe(
      "Annual report",
    );
    expect(postHeading(post({ poll: { question: "Which city?", options: [] } }), "Post")).toBe(
      "Which city?",
    );
  });

  it("falls back when the post says nothing", () => {
    expect(postHeading(post({ commentary: "  {}  " }), "Post of 5 okt 2023")).toBe(
      "Post of 5 okt 2023",
    );
  });
});

describe("formatPostDate", () => {
  it.each([
    [Date.UTC(2023, 10, 14, 9, 30), "14 nov 2023"],
    [Date.UTC(2023, 4, 25, 12), "25 mei 2023"],
    [Date.UTC(2023, 2, 2, 12), "2 mrt 2023"],
    // 23:30 UTC on 31 December is already New Year in Amsterdam.
    [Date.UTC(2023, 11, 31, 23, 30), "1 jan 2024"],
  ])("%i -> %s", (ms, want) => {
    expect(formatPostDate(ms)).toBe(want);
  });

  it("agrees with Intl's nl-NL Europe/Amsterdam format from 1996 to 2100", () => {
    const intl = new Intl.DateTimeFormat("nl-NL", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "Europe/Amsterdam",
    });
    const from = Date.UTC(1996, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    fc.assert(
      fc.property(
        fc.integer({ min: from, max: to }),
        (ms) => formatPostDate(ms) === intl.format(ms),
      ),
      { numRuns: 5000 },
    );
    // Around every switch between CET and CEST, a minute either side.
    for (let year = 1996; year < 2100; year++) {
      for (const month of [2, 9]) {
        const last = new Date(Date.UTC(year, month + 1, 0));
        const sunday = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
        for (const ms of [sunday - 60_000, sunday, sunday + 60_000]) {
          expect(formatPostDate(ms)).toBe(intl.format(ms));
          expect(amsterdamOffsetHours(ms + 22 * 3_600_000)).toBe(month === 2 ? 2 : 1);
        }
      }
    }
  });

  it("creates no Intl formatter (the first one a page makes costs ~100 ms on a phone)", () => {
    const made = vi.spyOn(Intl, "DateTimeFormat");
    try {
      formatPostDate(Date.UTC(2023, 10, 14, 9, 30));
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it("answers empty for a missing date", () => {
    expect(formatPostDate(Number.NaN)).toBe("");
    expect(isoDate(Number.NaN)).toBe("");
    expect(isoDate(Number.MAX_VALUE)).toBe("");
  });

  it("gives an ISO date for the time element", () => {
    expect(isoDate(Date.UTC(2023, 10, 14, 9, 30))).toBe("2023-11-14T09:30:00.000Z");
  });
});

describe("parseFeed and postMedia", () => {
  const post = (content?: unknown) => ({
    id: "urn:li:share:1",
    commentary: "x",
    createdAt: 1,
    content,
  });

  it("maps elements to posts and skips those without an id", () => {
    const posts = parseFeed({ elements: [post(), { commentary: "no id" }, null] });
    expect(posts).toEqual([
      {
        id: "urn:li:share:1",
        kind: "text",
        commentary: "x",
        publishedAt: 1,
        media: null,
        article: null,
        document: null,
        poll: null,
        repost: null,
      },
    ]);
  });

  it.each([
    ["a non-object", "nope"],
    ["status 401", { status: 401, elements: [] }],
    ["no elements", { paging: {} }],
  ])("throws FeedError for %s", (_, body) => {
    expect(() => parseFeed(body)).toThrow(FeedError);
  });

  it.each([
    [
      "image media",
      { media: { id: "urn:li:image:A", altText: "alt" } },
      { kind: "image", urn: "urn:li:image:A", alt: "alt" },
    ],
    [
      "video media",
      { media: { id: "urn:li:video:V", title: "Film" } },
      { kind: "video", urn: "urn:li:video:V", alt: "Film" },
    ],
    [
      "article thumbnail as image",
      { article: { thumbnail: "urn:li:image:T", title: "GRESB" } },
      { kind: "image", urn: "urn:li:image:T", alt: "GRESB" },
    ],
    [
      "first image of a multi-image post",
      {
        multiImage: {
          images: [{ id: "urn:li:image:M1", altText: "one" }, { id: "urn:li:image:M2" }],
        },
      },
      { kind: "image", urn: "urn:li:image:M1", alt: "one" },
    ],
    ["a document is not shown", { media: { id: "urn:li:document:D" } }, null],
    ["no content", undefined, null],
  ])("%s", (_, content, want) => {
    expect(postMedia(content)).toEqual(want);
  });

  it("never throws on any input (property)", () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        try {
          parseFeed(body);
        } catch (err) {
          expect(err).toBeInstanceOf(FeedError);
        }
      }),
    );
  });
});

describe("URLs", () => {
  it("links a share or ugcPost to its LinkedIn page", () => {
    expect(postUrl("urn:li:share:7100000000001242486")).toBe(
      "https://www.linkedin.com/feed/update/urn:li:share:7100000000001242486/",
    );
    expect(postUrl("urn:li:ugcPost:42")).toBe(
      "https://www.linkedin.com/feed/update/urn:li:ugcPost:42/",
    );
    expect(postUrl("javascript:alert(1)")).toBeNull();
  });

  it("encodes the urn for the media endpoint", () => {
    expect(mediaEndpoint({ kind: "video", urn: "urn:li:video:D4E", alt: "" })).toBe(
      "/linkedin-api/video?urn=urn%3Ali%3Avideo%3AD4E",
    );
  });

  it("accepts only same-site download URLs", () => {
    expect(parseMediaAnswer({ downloadUrl: "/linkedin-api/media/abc" }, "image")).toEqual({
      src: "/linkedin-api/media/abc",
      kind: "image",
    });
    expect(parseMediaAnswer({ downloadUrl: "https://media.licdn.com/x" }, "image")).toBeNull();
    expect(parseMediaAnswer({ downloadUrl: "//evil.example/x" }, "image")).toBeNull();
    expect(parseMediaAnswer({ status: 502 }, "image")).toBeNull();
  });
});

// Grapheme clusters the 400-character cut must keep whole (Intl.Segmenter).
describe("the cut at whole characters", () => {
  const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}"; // 7 code points
  const flag = "\u{1F1F3}\u{1F1F1}"; // NL: 2 regional indicators
  const wave = "\u{1F44B}\u{1F3FD}"; // waving hand, medium skin tone
  const accented = "e\u0301\u0323"; // e with combining acute and dot below
  it.each([
    ["a family emoji", family],
    ["a flag", flag],
    ["a skin-tone emoji", wave],
    ["combining accents", accented],
  ])("keeps %s at the 400th character whole", (_, char) => {
    const text = `${"a".repeat(TEXT_LIMIT - 1)}${char}${"b".repeat(20)}`;
    const out = truncateText(text);
    expect(out).toBe(`${"a".repeat(TEXT_LIMIT - 1)}${char}...`);
    // Counted as one character: the text of exactly 400 is not cut.
    expect(truncateText(`${"a".repeat(TEXT_LIMIT - 1)}${char}`)).toBe(
      `${"a".repeat(TEXT_LIMIT - 1)}${char}`,
    );
  });

  it.each([
    ["a family emoji", family],
    ["a flag", flag],
    ["a skin-tone emoji", wave],
    ["combining accents", accented],
  ])("leaves %s just past the cut out whole", (_, char) => {
    const out = truncateText(`${"a".repeat(TEXT_LIMIT)}${char}`);
    expect(out).toBe(`${"a".repeat(TEXT_LIMIT)}...`);
  });

  it("counts Read More in characters too", () => {
    expect(showsReadMore(family.repeat(READ_MORE_THRESHOLD))).toBe(false);
    expect(showsReadMore(family.repeat(READ_MORE_THRESHOLD + 1))).toBe(true);
  });

  it("never ends in part of a cluster (property)", () => {
    const clusters = fc.constantFrom(family, flag, wave, accented, "a", " ", "é");
    fc.assert(
      fc.property(fc.array(clusters, { minLength: 380, maxLength: 420 }), (parts) => {
        const out = truncateText(parts.join(""));
        const body = out.endsWith("...") ? out.slice(0, -3) : out;
        // The kept text is a whole number of the clusters it was made of.
        let rest = body;
        for (const part of parts) {
          if (rest === "") break;
          // A torn cluster would leave a rest that is not a whole part.
          expect(rest.startsWith(part), `cut inside ${JSON.stringify(part)}`).toBe(true);
          rest = rest.slice(part.length);
        }
        expect(rest).toBe("");
      }),
    );
  });
});

// Every kind of organisation post, in the Posts API's shapes (Microsoft
// Learn, "Posts API" and "Poll Post API").
describe("kinds of post", () => {
  const base = {
    id: "urn:li:share:7",
    author: "urn:li:organization:1",
    commentary: "",
    createdAt: 1_700_000_000_000,
    publishedAt: 1_700_100_000_000,
    lifecycleState: "PUBLISHED",
    visibility: "PUBLIC",
    distribution: { feedDistribution: "MAIN_FEED" },
  };
  it.each([
    ["text", {}, {}],
    ["image", { content: { media: { id: "urn:li:image:I", altText: "a" } } }, {}],
    ["video", { content: { media: { id: "urn:li:video:V", title: "t" } } }, {}],
    [
      "multiImage",
      { content: { multiImage: { images: [{ id: "urn:li:image:1" }, { id: "urn:li:image:2" }] } } },
      {},
    ],
    [
      "article",
      {
        content: {
          article: {
            source: "https://example.com/a",
            thumbnail: "urn:li:image:T",
            title: "Title",
            description: "d",
          },
        },
      },
      { article: { title: "Title", url: "https://example.com/a" } },
    ],
    [
      "document",
      { content: { media: { id: "urn:li:document:D", title: "Report" } } },
      { document: { title: "Report" } },
    ],
    [
      "poll",
      {
        content: {
          poll: {
            question: "Q?",
            options: [{ text: "A" }, { text: "B" }, { nope: 1 }],
            settings: { duration: "THREE_DAYS" },
          },
        },
      },
      { poll: { question: "Q?", options: ["A", "B"] } },
    ],
    ["unknown", { content: { celebration: { type: "WELCOME" } } }, {}],
  ])("reads a %s post", (kind, extra, want) => {
    const post = toSocialPost({ ...base, ...extra });
    expect(post?.kind).toBe(kind);
    expect(post).toMatchObject(want);
  });

  it("refuses an article link that is not http(s)", () => {
    const post = toSocialPost({
      ...base,
      content: { article: { source: "javascript:alert(1)", title: "x" } },
    });
    expect(post?.article).toEqual({ title: "x", url: null });
  });

  it("reads a repost with its reposted post, or without when LinkedIn refused it", () => {
    const repost = {
      ...base,
      reshareContext: { parent: "urn:li:share:9", root: "urn:li:share:9" },
    };
    const parent = {
      ...base,
      id: "urn:li:share:9",
      commentary: "Parent",
      content: { media: { id: "urn:li:image:P" } },
    };
    const [shown] = parseFeed({ elements: [repost], reshared: { "urn:li:share:9": parent } });
    expect(shown?.kind).toBe("repost");
    expect(shown?.repost?.id).toBe("urn:li:share:9");
    expect(shown?.repost?.post?.commentary).toBe("Parent");
    expect(shown?.repost?.post?.media?.urn).toBe("urn:li:image:P");
    const [refused] = parseFeed({ elements: [repost] });
    expect(refused?.repost).toEqual({ id: "urn:li:share:9", post: null });
  });

  it("dates a post by publishedAt, else createdAt", () => {
    expect(toSocialPost(base)?.publishedAt).toBe(1_700_100_000_000);
    expect(toSocialPost({ ...base, publishedAt: undefined })?.publishedAt).toBe(1_700_000_000_000);
  });

  it("orders posts newest publication first, ties in the feed's order", () => {
    const at = (id: string, publishedAt: number, lastModifiedAt = publishedAt) => ({
      ...base,
      id,
      publishedAt,
      lastModifiedAt,
    });
    // LinkedIn's LAST_MODIFIED order: the 2020 post edited last comes first.
    const posts = parseFeed({
      elements: [
        at("old-edited", 1_600_000_000_000, 1_800_000_000_000),
        at("b", 1_700_000_200_000),
        at("a", 1_700_000_300_000),
        at("c", 1_700_000_200_000),
      ],
    });
    expect(posts.map((p) => p.id)).toEqual(["a", "b", "c", "old-edited"]);
    expect(sortNewestFirst([...posts].reverse()).map((p) => p.id)).toEqual([
      "a",
      "c",
      "b",
      "old-edited",
    ]);
  });
});

describe("parseMediaAnswer", () => {
  it("gives the downloadUrl as the kind asked", () => {
    expect(parseMediaAnswer({ downloadUrl: "/linkedin-api/media/video-x" }, "video")).toEqual({
      src: "/linkedin-api/media/video-x",
      kind: "video",
    });
  });
  it("gives a video's thumbnail as an image when the video is over the size limit", () => {
    expect(parseMediaAnswer({ thumbnail: "/linkedin-api/media/thumb-x" }, "video")).toEqual({
      src: "/linkedin-api/media/thumb-x",
      kind: "image",
    });
    expect(parseMediaAnswer({ thumbnail: "/linkedin-api/media/thumb-x" }, "image")).toBeNull();
    expect(parseMediaAnswer({ thumbnail: "https://media.licdn.com/x" }, "video")).toBeNull();
  });
});
