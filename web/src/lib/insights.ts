// The insights feed's pure logic: LinkedIn post elements (as /linkedin-api relays them) into
// what the post card shows. Browser-safe: the labels come resolved (./insights-content.ts).
import type { InsightsContent } from "./insights-content";
import type { LogoEntry } from "./media";
import { graphemes, truncate } from "./truncate";

/** Everything a feed shows besides the posts: the screens' texts, the firm's page and logos. */
export interface FeedLabels {
  states: Omit<InsightsContent["states"], "noScript">;
  card: Omit<InsightsContent["card"], "logo" | "placeholderLogo"> & {
    siteName: string;
    companyUrl: string;
    postsUrl: string;
    followerLabel: string;
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

/** The Posts API content type; the card shows each as LinkedIn does. */
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
  article: { title: string; url: string | null } | null;
  document: { title: string } | null;
  poll: { question: string; options: string[] } | null;
  /** The reposted post, null when LinkedIn did not let the server read it. */
  repost: { id: string; post: SocialPost | null } | null;
}

// Bounded quantifiers: hostile text (thousands of "@[") costs linear time, not quadratic.
// {hashtag|\#|Name} (LinkedIn escapes the # inside the template).
const HASHTAG = /\{hashtag\|\\?#\|((?:\\.|[^}\\]){0,200})\}/g;
// @[Name](urn:li:organization:123) or a person/other entity URN.
const MENTION = /@\[((?:\\.|[^\]\\]){0,200})\]\(urn:li:[^)\s]{0,200}\)/g;
// Reserved characters of the little text format are escaped with a backslash.
const ESCAPED = /\\([\\|{}@[\]()<>#*_~])/g;
const BRACES = /[{}]/g;

/** LinkedIn commentary as plain text: `#Name` hashtags, mentions as names, no escapes or braces. */
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

/** The text cut to `limit` grapheme clusters plus `...` (an emoji or accent is never torn). */
export function truncateText(text: string, limit = TEXT_LIMIT): string {
  return truncate(text, limit, "...").text;
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

/** Text in runs, each word beginning with `#` its own; joined, they give the text back. */
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
 * A post's heading for screen readers: the first line of what it says (commentary, reposted
 * commentary, titles, poll question) cut at a word, else `fallback`.
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

// Not Intl.DateTimeFormat: its first use initialises ICU, ~100 ms on a slow phone. The unit
// tests check these against Intl over 1996-2100.
const DUTCH_MONTHS = "jan feb mrt apr mei jun jul aug sep okt nov dec".split(" ");

/** 01:00 UTC on the last Sunday of a month (0-based): when EU summer time starts or ends. */
function lastSundayAt0100Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
}

/** Amsterdam's UTC offset in hours: +2 between the last Sundays of March and October (EU rule). */
export function amsterdamOffsetHours(epochMs: number): number {
  const year = new Date(epochMs).getUTCFullYear();
  const summer = epochMs >= lastSundayAt0100Utc(year, 2) && epochMs < lastSundayAt0100Utc(year, 9);
  return summer ? 2 : 1;
}

/** The language of the feed's dates and follower count, as the firm's Dutch LinkedIn page shows them. */
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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** The media a post shows: its image or video, else a multi-image's first, else an article's thumbnail. */
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

/** One feed element as a post, or null without an id; `reshared` holds reposted posts by URN (one level). */
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

/** Newest first, as LinkedIn shows them; a stable sort, as the server's. */
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

/** The posts of a /linkedin-api answer; FeedError for status 401 or no elements list. */
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

/** A path on this site (the server proxies LinkedIn's media), else null. */
function sitePath(url: string): string | null {
  return url.startsWith("/") && !url.startsWith("//") ? url : null;
}

export interface ResolvedMedia {
  src: string;
  kind: "image" | "video";
}

/** A media answer's downloadUrl, or a too-large video's thumbnail as an image; paths on this site only. */
export function parseMediaAnswer(body: unknown, kind: MediaRef["kind"]): ResolvedMedia | null {
  if (!isRecord(body)) return null;
  const src = sitePath(str(body.downloadUrl));
  if (src) return { src, kind };
  if (kind === "video") {
    const thumb = sitePath(str(body.thumbnail));
    if (thumb) return { src: thumb, kind: "image" };
  }
  return null;
}
