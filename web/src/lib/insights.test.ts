import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  cleanCommentary,
  FeedError,
  amsterdamOffsetHours,
  formatPostDate,
  hasMorePosts,
  isoDate,
  mediaEndpoint,
  nextVisibleCount,
  PAGE_SIZE,
  parseDownloadUrl,
  parseFeed,
  postMedia,
  postText,
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

describe("paging", () => {
  it("shows 3, then 6, then the rest, and then no button", () => {
    const total = 8;
    let visible = PAGE_SIZE;
    expect(hasMorePosts(visible, total)).toBe(true);
    visible = nextVisibleCount(visible, total);
    expect(visible).toBe(6);
    expect(hasMorePosts(visible, total)).toBe(true);
    visible = nextVisibleCount(visible, total);
    expect(visible).toBe(8);
    expect(hasMorePosts(visible, total)).toBe(false);
  });

  it("shows no button when the feed has 3 posts or fewer", () => {
    expect(hasMorePosts(PAGE_SIZE, 3)).toBe(false);
    expect(hasMorePosts(PAGE_SIZE, 0)).toBe(false);
  });

  it("never exceeds the total and always grows while posts remain (property)", () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), (visible, total) => {
        const next = nextVisibleCount(visible, total);
        expect(next).toBeLessThanOrEqual(total);
        if (hasMorePosts(visible, total)) expect(next).toBeGreaterThan(visible);
      }),
    );
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
    expect(posts).toEqual([{ id: "urn:li:share:1", commentary: "x", createdAt: 1, media: null }]);
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
    expect(parseDownloadUrl({ downloadUrl: "/linkedin-api/media/abc" })).toBe(
      "/linkedin-api/media/abc",
    );
    expect(parseDownloadUrl({ downloadUrl: "https://media.licdn.com/x" })).toBeNull();
    expect(parseDownloadUrl({ downloadUrl: "//evil.example/x" })).toBeNull();
    expect(parseDownloadUrl({ status: 502 })).toBeNull();
  });
});
