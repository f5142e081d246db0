// The insights feed in the browser over components/PostList's HTML, no framework: loads the
// feed, fills a card per post and its media, pages with `More articles`, says its progress.
import { loadFeed, logFailure, resolveMedia } from "./feed";
import {
  FEED_LANG,
  formatPostDate,
  isoDate,
  postHeading,
  postText,
  postUrl,
  type MediaRef,
  type SocialPost,
  type TextSegment,
} from "./insights";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
export const NEAR_MARGIN = "200px 0px";

/** Calls `then` once the element is in or near the viewport (at once without IntersectionObserver). */
export function whenNear(el: Element, then: () => void, margin = NEAR_MARGIN): void {
  if (typeof IntersectionObserver === "undefined") {
    then();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        then();
      }
    },
    { rootMargin: margin },
  );
  observer.observe(el);
}

/** A post's image or video over the placeholder: at once on the lead card, else when near. */
function fillMedia(box: HTMLElement, media: MediaRef | null, lead: boolean) {
  if (!media) {
    box.remove();
    return;
  }
  if (lead) box.dataset.lead = "";
  const show = () =>
    resolveMedia(media).then(
      ({ src, kind }) => {
        // kind is "image" for a video over the size limit: its thumbnail.
        const el = document.createElement(kind === "image" ? "img" : "video");
        el.className = box.dataset.postMedia ?? "";
        if (el instanceof HTMLImageElement) {
          el.alt = media.alt;
          el.decoding = "async";
          if (lead) el.setAttribute("fetchpriority", "high");
          el.addEventListener("load", () => (box.dataset.ready = ""));
        } else if (el instanceof HTMLVideoElement) {
          if (media.alt) el.setAttribute("aria-label", media.alt);
          // Attributes and properties both: the markup says what it is, and
          // autoplay policies look at the muted property.
          el.muted = el.loop = el.playsInline = el.controls = true;
          el.setAttribute("muted", "");
          el.preload = "metadata";
          el.autoplay = !window.matchMedia(REDUCED_MOTION).matches;
          el.addEventListener("loadeddata", () => (box.dataset.ready = ""));
        }
        el.addEventListener("error", () => {
          logFailure(`${media.kind} ${src} failed to load`, "media error");
          el.remove();
        });
        el.src = src;
        box.append(el);
      },
      () => {},
    );
  if (lead) void show();
  else whenNear(box, () => void show());
}

function appendSegments(el: HTMLElement, segments: TextSegment[], hashtagClass: string) {
  for (const s of segments) {
    if (!s.hashtag) el.append(s.text);
    else {
      const span = document.createElement("span");
      span.className = hashtagClass;
      span.textContent = s.text;
      el.append(span);
    }
  }
}

function linkOrRemove(
  part: HTMLElement | null,
  link: HTMLAnchorElement | null,
  href: string | null,
) {
  if (link && href) link.href = href;
  else part?.remove();
}

/** Fills what the kind of post adds and removes the rest; never an empty card. */
function fillKind(
  item: HTMLElement,
  post: SocialPost,
  hasText: boolean,
  parentText: ReturnType<typeof postText> | null,
) {
  const q = <T extends HTMLElement>(sel: string) => item.querySelector<T>(sel);
  const labels: Partial<Record<SocialPost["kind"], string>> = {
    repost: "[data-post-kind-repost]",
    poll: "[data-post-kind-poll]",
    document: "[data-post-kind-document]",
  };
  const keep = labels[post.kind];
  for (const el of item.querySelectorAll("[data-post-kind] > span")) {
    if (!keep || !el.matches(keep)) el.remove();
  }
  if (!keep) q("[data-post-kind]")?.remove();

  let shown = hasText;
  const reshare = q("[data-post-reshare]");
  const missing = q("[data-post-reshare-missing]");
  if (post.repost && parentText) {
    const text = q("[data-post-reshare-text]");
    const { segments } = parentText;
    if (text && segments.length) {
      appendSegments(text, segments, text.dataset.postReshareText ?? "");
      shown = true;
    } else reshare?.remove();
    missing?.remove();
  } else {
    reshare?.remove();
    if (post.repost) {
      linkOrRemove(
        missing,
        q<HTMLAnchorElement>("[data-post-reshare-link]"),
        postUrl(post.repost.id),
      );
      shown = shown || missing?.isConnected === true;
    } else missing?.remove();
  }

  const poll = q("[data-post-poll]");
  if (post.poll && (post.poll.question || post.poll.options.length)) {
    const question = q("[data-post-poll-question]");
    if (question) question.textContent = post.poll.question;
    const options = q("[data-post-poll-options]");
    for (const text of post.poll.options) {
      const option = document.createElement("p");
      option.textContent = text;
      options?.append(option);
    }
    if (!post.poll.options.length) options?.remove();
    shown = true;
  } else poll?.remove();

  const doc = q("[data-post-document]");
  if (post.document?.title && doc) {
    doc.textContent = post.document.title;
    shown = true;
  } else doc?.remove();

  // An article's title and link show where the commentary is empty.
  const article = q("[data-post-article]");
  const link = q<HTMLAnchorElement>("[data-post-article-link]");
  if (!hasText && post.article?.url && post.article.title && link) {
    link.prepend(post.article.title);
    link.href = post.article.url;
    shown = true;
  } else article?.remove();

  // Never an empty card: a post with nothing the site can show links to LinkedIn.
  const fallback = q("[data-post-fallback]");
  if (!shown && !post.media && !post.repost?.post?.media) {
    linkOrRemove(fallback, q<HTMLAnchorElement>("[data-post-fallback-link]"), postUrl(post.id));
  } else fallback?.remove();
  if (!item.querySelector("[data-post-extra] > *")) q("[data-post-extra]")?.remove();
}

/** The post's heading, repeated after each link to the post so links lists tell them apart. */
function fillHeading(item: HTMLElement, post: SocialPost, fallback: string, date: string) {
  const heading = item.querySelector<HTMLElement>("[data-post-heading]");
  const marker = "\u0000";
  const text = postHeading(post, fallback.replace("{date}", marker));
  if (heading) {
    const [before, after] = text.split(marker);
    heading.append(before ?? "");
    if (after !== undefined) {
      const when = document.createElement("span");
      when.lang = FEED_LANG;
      when.textContent = date;
      heading.append(when, after);
    }
  }
  for (const context of item.querySelectorAll("[data-post-context]")) {
    context.textContent = `: ${text.replace(marker, date)}`;
  }
}

/** A card for a post, from the feed's template. */
export function renderCard(
  template: HTMLTemplateElement,
  post: SocialPost,
  lead: boolean,
  headingFallback = "",
) {
  const item = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  const q = <T extends HTMLElement>(sel: string) => item.querySelector<T>(sel);

  const slot = q("[data-post-date]");
  const date = formatPostDate(post.publishedAt);
  if (slot && date) {
    const time = document.createElement("time");
    time.className = slot.className;
    time.lang = slot.lang;
    time.textContent = date;
    time.dateTime = isoDate(post.publishedAt);
    slot.replaceWith(time);
  } else slot?.remove();
  fillHeading(item, post, headingFallback, date);

  const { segments, readMore } = postText(post.commentary);
  const parentText = post.repost?.post ? postText(post.repost.post.commentary) : null;
  const text = q("[data-post-text]");
  if (text && segments.length) appendSegments(text, segments, text.dataset.postText ?? "");
  else text?.remove();
  fillKind(item, post, segments.length > 0, parentText);

  const more = q<HTMLAnchorElement>("[data-post-read-more]");
  if (more && (readMore || parentText?.readMore))
    more.href = postUrl(post.id) ?? more.dataset.postReadMore ?? "";
  else more?.remove();

  // A repost without media of its own shows the reposted post's.
  const box = q("[data-post-media]");
  if (box) fillMedia(box, post.media ?? post.repost?.post?.media ?? null, lead);
  return item;
}

/** Brings one prerendered feed to life. Resolves when the first posts (or a message) show. */
export async function mountFeed(root: HTMLElement): Promise<void> {
  const count = Number(root.dataset.count) || 3;
  const step = Number(root.dataset.step) || 0;
  const leadFirst = root.dataset.lead !== undefined;
  const loading = root.querySelector<HTMLElement>("[data-feed-loading]");
  const error = root.querySelector<HTMLElement>("[data-feed-error]");
  const empty = root.querySelector<HTMLElement>("[data-feed-empty]");
  const list = root.querySelector<HTMLElement>("[data-feed-list]");
  const template = root.querySelector<HTMLTemplateElement>("template[data-feed-item]");
  const moreBox = root.querySelector<HTMLElement>("[data-feed-more]");
  const status = root.querySelector<HTMLElement>("[data-feed-status]");
  if (!list || !template) return;
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  say(status?.dataset.loading ?? "");

  let posts: SocialPost[];
  try {
    posts = await loadFeed();
  } catch {
    loading?.remove();
    say("");
    if (error) error.textContent = error.dataset.feedError ?? "";
    return;
  }
  loading?.remove();
  if (posts.length === 0) {
    say(empty?.textContent ?? "");
    if (empty) empty.hidden = false;
    return;
  }

  const headingFallback = template.dataset.headingFallback ?? "";
  let shown = 0;
  const showUpTo = (visible: number) => {
    const added = posts
      .slice(shown, visible)
      .map((post, i) => renderCard(template, post, leadFirst && shown + i === 0, headingFallback));
    list.append(...added);
    shown = visible;
    if (moreBox) moreBox.hidden = shown >= posts.length;
    say((status?.dataset.shown ?? "").replace("{count}", String(shown)));
    return added;
  };
  showUpTo(Math.min(count, posts.length));
  list.hidden = false;

  moreBox?.querySelector("button")?.addEventListener("click", () => {
    const [first] = showUpTo(Math.min(shown + step, posts.length));
    // Focus moves to the first new post's heading (the button may have gone).
    first?.querySelector<HTMLElement>("[data-post-heading]")?.focus();
  });
}

/** Brings every prerendered feed of the document to life. */
export function mountFeeds(doc: ParentNode = document): Promise<void[]> {
  return Promise.all(
    [...doc.querySelectorAll<HTMLElement>("[data-feed]")].map((root) => mountFeed(root)),
  );
}
