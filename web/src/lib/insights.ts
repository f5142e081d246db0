// The insights feed: the pure logic that turns LinkedIn post elements (the /rest/posts shape our
// /linkedin-api endpoint relays) into what the social post card shows:
// cleaning LinkedIn's "little text format" commentary, the
// Dutch date, and the list's paging.
//
// Browser-safe: no content file and no media manifest (lib/feed-view.ts ships
// it). What the screens say (labels, links, logos) is resolved at build by
// ./insights-content.ts and given to the feed's components as FeedLabels.
import type { LogoEntry } from "./media";
import { graphemes } from "./truncate";

/** Everything a feed shows besides the posts (components/PostList's labels). */
export interface FeedLabels {
  /** `shown` is heard when posts appear ({count}: how many are shown). */
  states: { loading: string; shown: string; error: string; empty: string };
  card: {
    siteName: string;
    /** The firm's LinkedIn company page. */
    companyUrl: string;
    /** The firm's LinkedIn posts page. */
    postsUrl: string;
    followerLabel: string;
    readMoreLabel: string;
    readMoreContext: string;
    postsLinkLabel: string;
    /** Says that a post is a repost of another. */
    repostLabel: string;
    /** Said when LinkedIn does not let us show the reposted post. */
    repostUnavailable: string;
    /** The link to the reposted post on LinkedIn. */
    repostLinkLabel: string;
    /** Says that a post is a poll. */
    pollLabel: string;
    /** Says that a post shares a document (before its title). */
    documentLabel: string;
    /** The link of a post the site cannot show otherwise. */
    fallbackLinkLabel: string;
    /** The heading of a post without text ({date}: its date). */
    headingFallback: string;
    /** Said to screen readers after a link that opens a new tab. */
    newTab: string;
    avatar: LogoEntry;
    placeholder: LogoEntry;
  };
}

/** Posts the home block shows. */
export const HOME_POST_COUNT = 3;
/** Posts the list shows first, and how many each `More articles` adds. */
export const PAGE_SIZE = 3;
/** Cleaned commentary longer than this is cut to it plus `...`. */
export const TEXT_LIMIT = 400;
/** `Read More` shows when the cleaned commentary is longer than this. */
export const READ_MORE_THRESHOLD = 350;

/** The image or video a post shows, resolved later through /linkedin-api/{kind}. */
export interface MediaRef {
  kind: "image" | "video";
  urn: string;
  /** Text alternative from the post (altText or title); may be empty. */
  alt: string;
}

/**
 * What kind of organisation post it is (Posts API content types): the card
 * shows each as LinkedIn does (docs/spec-deviations.md).
 */
export type PostKind =
  | "text"
  | "image"
  | "multiImage"
  | "video"
  | "article"
  | "document"
  | "poll"
  | "repost"
  | "unknown";

/** One post as the card needs it. */
export interface SocialPost {
  /** The post URN, e.g. urn:li:share:7100000000001242486. */
  id: string;
  kind: PostKind;
  /** Raw commentary in LinkedIn's little text format. */
  commentary: string;
  /** The date LinkedIn shows: publishedAt, else createdAt (epoch milliseconds). */
  publishedAt: number;
  media: MediaRef | null;
  /** An article's title and link (content.article). */
  article: { title: string; url: string | null } | null;
  /** A document's title (content.media with a document URN). */
  document: { title: string } | null;
  /** A poll's question and options (content.poll). */
  poll: { question: string; options: string[] } | null;
  /**
   * A repost (reshareContext.parent): the reposted post, or null when
   * LinkedIn did not let the server read it.
   */
  repost: { id: string; post: SocialPost | null } | null;
}

// ---- Commentary cleaning ---------------------------------------------------

// The quantifiers are bounded so that hostile text (thousands of "@[" with
// no closing bracket) costs linear time, not quadratic.
// {hashtag|\#|Name} (LinkedIn escapes the # inside the template).
const HASHTAG = /\{hashtag\|\\?#\|((?:\\.|[^}\\]){0,200})\}/g;
// @[Name](urn:li:organization:123) or a person/other entity URN.
const MENTION = /@\[((?:\\.|[^\]\\]){0,200})\]\(urn:li:[^)\s]{0,200}\)/g;
// Reserved characters of the little text format are escaped with a backslash.
const ESCAPED = /\\([\\|{}@[\]()<>#*_~])/g;
const BRACES = /[{}]/g;

/**
 * Cleans LinkedIn commentary for display: hashtag markup becomes a plain
 * `#Name`, mention markup is removed and the mentioned name kept as text,
 * escapes of reserved characters are undone, and every brace is removed.
 * Total: it never throws and the result never contains `{` or `}`.
 */
export function cleanCommentary(raw: unknown): string {
  if (typeof raw !== "string") return "";
  return raw
    .replace(HASHTAG, (_, name: string) => `#${name.replace(ESCAPED, "$1").trim()}`)
    .replace(MENTION, (_, name: string) => name.replace(ESCAPED, "$1"))
    .replace(ESCAPED, "$1")
    .replace(BRACES, "")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The cleaned text cut to {@link TEXT_LIMIT} characters plus `...` when
 * longer. A character is a grapheme cluster (Intl.Segmenter): a family or
 * skin-tone emoji, a flag or a letter with combining accents is kept whole
 * or left out whole, never torn.
 */
export function truncateText(text: string, limit = TEXT_LIMIT): string {
  // A text of no more UTF-16 units than the limit has no more characters.
  if (text.length <= limit) return text;
  const chars = graphemes(text);
  if (chars.length <= limit) return text;
  return `${chars.slice(0, limit).join("").trimEnd()}...`;
}

/** Whether the card shows `Read More` for this cleaned text (characters as in truncateText). */
export function showsReadMore(text: string): boolean {
  return text.length > READ_MORE_THRESHOLD && graphemes(text).length > READ_MORE_THRESHOLD;
}

/** A run of text, or one word beginning with `#` (rendered as its own span). */
export interface TextSegment {
  text: string;
  hashtag: boolean;
}

/**
 * Splits text into runs so that every word beginning with `#` is its own
 * segment. Joining the segments' text gives the input back unchanged.
 */
export function segmentText(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  for (const token of text.split(/(\s+)/)) {
    if (token === "") continue;
    const hashtag = token.length > 1 && token.startsWith("#");
    const last = segments[segments.length - 1];
    if (!hashtag && last && !last.hashtag) last.text += token;
    else segments.push({ text: token, hashtag });
  }
  return segments;
}

/** Everything the card shows of a post's text. */
export interface PostText {
  segments: TextSegment[];
  readMore: boolean;
}

/** Cleans, cuts and segments a post's commentary. */
export function postText(commentary: string): PostText {
  const cleaned = cleanCommentary(commentary);
  return { segments: segmentText(truncateText(cleaned)), readMore: showsReadMore(cleaned) };
}

/** How many characters of a post's text its heading takes at most. */
export const HEADING_LIMIT = 80;

/**
 * A post's heading, for screen readers (the card shows none): what begins
 * the post, so that headings tell posts apart and a post is heard by what it
 * says, not by the firm's name and followers that every card repeats. The
 * first line of the commentary (or of the reposted post), else the article's
 * or document's title or the poll's question, cut to {@link HEADING_LIMIT}
 * characters at a word; `fallback` (the kind of post and its date) when the
 * post says nothing.
 */
export function postHeading(post: SocialPost, fallback: string): string {
  const candidates = [
    cleanCommentary(post.commentary),
    post.repost?.post ? cleanCommentary(post.repost.post.commentary) : "",
    post.article?.title ?? "",
    post.document?.title ?? "",
    post.poll?.question ?? "",
  ];
  const line = candidates
    .map(
      (text) =>
        text
          .split("\n")
          .find((l) => l.trim() !== "")
          ?.trim() ?? "",
    )
    .find((text) => text !== "");
  if (!line) return fallback;
  const chars = graphemes(line);
  if (chars.length <= HEADING_LIMIT) return line;
  const cut = chars.slice(0, HEADING_LIMIT).join("");
  const atWord = cut.replace(/\s+\S*$/, "");
  return `${(atWord || cut).trimEnd()}…`;
}

// ---- Date ------------------------------------------------------------------

// Dates are formatted here rather than with Intl.DateTimeFormat: the first
// Intl formatter a page creates initialises ICU, about 100 ms of a
// 4x-throttled phone's main thread (measured in Chromium with "nl-NL" and
// Europe/Amsterdam), and nothing else on the feed's pages needs it. The
// unit tests check this against Intl over 1996-2100.

/** Dutch short month names, as CLDR's nl locale writes them. */
const DUTCH_MONTHS = [
  "jan",
  "feb",
  "mrt",
  "apr",
  "mei",
  "jun",
  "jul",
  "aug",
  "sep",
  "okt",
  "nov",
  "dec",
];

/** 01:00 UTC on the last Sunday of a month (0-based): when EU summer time starts or ends. */
function lastSundayAt0100Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
}

/**
 * Amsterdam's offset from UTC in hours at an instant: CEST (+2) from the last
 * Sunday of March to the last Sunday of October, 01:00 UTC each (the EU rule
 * since 1996), CET (+1) otherwise.
 */
export function amsterdamOffsetHours(epochMs: number): number {
  const year = new Date(epochMs).getUTCFullYear();
  const summer = epochMs >= lastSundayAt0100Utc(year, 2) && epochMs < lastSundayAt0100Utc(year, 9);
  return summer ? 2 : 1;
}

/**
 * The language of what the feed shows in LinkedIn's words: the firm's page
 * is Dutch, so its follower count is ("3.921 volgers") and the date is
 * written as it shows it ("5 okt 2023"). Marked on those, so that a screen
 * reader reads them with a Dutch voice on the English page.
 */
export const FEED_LANG = "nl";

/** The post date in Dutch, in Amsterdam: numeric day, short month and year ("14 nov 2023"). */
export function formatPostDate(epochMs: number): string {
  if (!Number.isFinite(epochMs)) return "";
  const local = new Date(epochMs + amsterdamOffsetHours(epochMs) * 3_600_000);
  if (Number.isNaN(local.getTime())) return "";
  return `${local.getUTCDate()} ${DUTCH_MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}

/** The machine-readable date for the time element's dateTime ("2023-11-14"). */
export function isoDate(epochMs: number): string {
  if (!Number.isFinite(epochMs)) return "";
  const d = new Date(epochMs);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString();
}

// ---- Paging ---------------------------------------------------------------

/** How many posts show after one more click of `More articles`. */
export function nextVisibleCount(visible: number, total: number, step = PAGE_SIZE): number {
  return Math.min(Math.max(visible, 0) + step, Math.max(total, 0));
}

/** Whether `More articles` shows: some posts are still hidden. */
export function hasMorePosts(visible: number, total: number): boolean {
  return visible < total;
}

// ---- Feed parsing ----------------------------------------------------------

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/**
 * The media a post shows: content.media.id when it names an
 * image or a video, else the first image of a multi-image post, else the
 * article's thumbnail as an image.
 */
export function postMedia(content: unknown): MediaRef | null {
  if (!isRecord(content)) return null;
  const media = content.media;
  if (isRecord(media)) {
    const urn = str(media.id);
    const alt = str(media.altText) || str(media.title);
    if (urn.includes("image")) return { kind: "image", urn, alt };
    if (urn.includes("video")) return { kind: "video", urn, alt };
  }
  const multi = content.multiImage;
  if (isRecord(multi) && Array.isArray(multi.images)) {
    const first: unknown = multi.images[0];
    if (isRecord(first) && str(first.id).includes("image")) {
      return { kind: "image", urn: str(first.id), alt: str(first.altText) };
    }
  }
  const article = content.article;
  if (isRecord(article) && str(article.thumbnail)) {
    return { kind: "image", urn: str(article.thumbnail), alt: str(article.title) };
  }
  return null;
}

/** An article link, accepted only over http(s). */
function articleUrl(source: string): string | null {
  try {
    const url = new URL(source);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The kind of a post by what its content holds (Posts API content types). */
function postKind(content: unknown, repost: boolean, media: MediaRef | null): PostKind {
  if (repost) return "repost";
  if (!isRecord(content) || Object.keys(content).length === 0) return "text";
  if (isRecord(content.poll)) return "poll";
  if (isRecord(content.multiImage)) return "multiImage";
  if (isRecord(content.article)) return "article";
  if (isRecord(content.media)) {
    const urn = str(content.media.id);
    if (urn.startsWith("urn:li:document:")) return "document";
    if (media) return media.kind;
  }
  return "unknown";
}

/** The first number among values, NaN when none. */
function firstTime(...values: unknown[]): number {
  for (const v of values) if (typeof v === "number" && Number.isFinite(v) && v > 0) return v;
  return Number.NaN;
}

/**
 * One feed element as a post, or null when it lacks an id. `reshared` holds
 * the reposted posts by URN (the feed answer's `reshared`); a reposted post
 * is read without it, so a repost of a repost shows one level.
 */
export function toSocialPost(
  element: unknown,
  reshared?: Record<string, unknown>,
): SocialPost | null {
  if (!isRecord(element) || !str(element.id)) return null;
  const content = isRecord(element.content) ? element.content : undefined;
  const media = postMedia(content);
  const context = element.reshareContext;
  const parentId = isRecord(context) ? str(context.parent) : "";
  const article = content && isRecord(content.article) ? content.article : null;
  const poll = content && isRecord(content.poll) ? content.poll : null;
  const kind = postKind(content, parentId !== "", media);
  return {
    id: str(element.id),
    kind,
    commentary: str(element.commentary),
    publishedAt: firstTime(element.publishedAt, element.createdAt),
    media,
    article: article ? { title: str(article.title), url: articleUrl(str(article.source)) } : null,
    document:
      kind === "document" && content && isRecord(content.media)
        ? { title: str(content.media.title) }
        : null,
    poll: poll
      ? {
          question: str(poll.question),
          options: (Array.isArray(poll.options) ? poll.options : [])
            .map((o: unknown) => (isRecord(o) ? str(o.text) : ""))
            .filter((t) => t !== ""),
        }
      : null,
    repost: parentId
      ? { id: parentId, post: reshared ? toSocialPost(reshared[parentId]) : null }
      : null,
  };
}

/**
 * Posts newest publication first, as LinkedIn's page shows them; posts of
 * the same time keep their order (the server sorts the same way).
 */
export function sortNewestFirst(posts: SocialPost[]): SocialPost[] {
  const time = (p: SocialPost) => (Number.isFinite(p.publishedAt) ? p.publishedAt : 0);
  return posts
    .map((p, i) => ({ p, i }))
    .sort((a, b) => time(b.p) - time(a.p) || a.i - b.i)
    .map(({ p }) => p);
}

/** Thrown for a feed answer the page must show as an error. */
export class FeedError extends Error {
  override name = "FeedError";
}

/**
 * The posts of a /linkedin-api answer body. Throws FeedError when the body
 * reports status 401 or has no elements list.
 */
export function parseFeed(body: unknown): SocialPost[] {
  if (!isRecord(body)) throw new FeedError("feed answer is not an object");
  if (body.status === 401) throw new FeedError("feed answer has status 401");
  if (!Array.isArray(body.elements)) throw new FeedError("feed answer has no elements list");
  const reshared = isRecord(body.reshared) ? body.reshared : {};
  return sortNewestFirst(
    body.elements
      .map((el) => toSocialPost(el, reshared))
      .filter((p): p is SocialPost => p !== null),
  );
}

/** LinkedIn's page of one post, or null when the id is not a post URN. */
export function postUrl(id: string): string | null {
  return /^urn:li:(?:share|ugcPost|activity):\d{1,30}$/.test(id)
    ? `https://www.linkedin.com/feed/update/${id}/`
    : null;
}

/** The endpoint that resolves a media URN to a download URL. */
export function mediaEndpoint(media: MediaRef): string {
  return `/linkedin-api/${media.kind}?urn=${encodeURIComponent(media.urn)}`;
}

/** A path on this site, else null (our server proxies LinkedIn's media). */
function sitePath(url: string): string | null {
  return url.startsWith("/") && !url.startsWith("//") ? url : null;
}

/**
 * The downloadUrl of a media answer, accepted only when it is a path on this
 * site (our server proxies LinkedIn's media); null otherwise.
 */
export function parseDownloadUrl(body: unknown): string | null {
  if (!isRecord(body)) return null;
  return sitePath(str(body.downloadUrl));
}

/** What a card shows for a medium: its URL and whether it is an image or a video. */
export interface ResolvedMedia {
  src: string;
  kind: "image" | "video";
}

/**
 * The medium of a media answer: the downloadUrl as the kind asked, or, for
 * a video over the server's size limit, its `thumbnail` as an image (never
 * a broken player). Only paths on this site; null otherwise.
 */
export function parseMediaAnswer(body: unknown, kind: MediaRef["kind"]): ResolvedMedia | null {
  const src = parseDownloadUrl(body);
  if (src) return { src, kind };
  if (kind === "video" && isRecord(body)) {
    const thumb = sitePath(str(body.thumbnail));
    if (thumb) return { src: thumb, kind: "image" };
  }
  return null;
}
