// The insights feed's behaviour in the browser, over the HTML that
// components/PostList (PostFeed) prerenders: no framework, a few KB. It loads
// the feed, replaces the loading state with the first posts (or the error or
// empty text), adds posts per `More articles` and moves focus to the first new
// one, and fills each card's media: the lead card's image at once, the
// others' when they come near the viewport.
import { loadFeed, logFailure, resolveMedia } from "./feed";
import {
  formatPostDate,
  hasMorePosts,
  isoDate,
  nextVisibleCount,
  postText,
  postUrl,
  type SocialPost,
} from "./insights";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
/** How far outside the viewport a card's media counts as near (a CSS margin). */
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

/**
 * Puts a post's image or video over the card's placeholder once its URL is
 * resolved. The image waits for nothing on the lead card (the list page's
 * largest element: high priority, shown the moment it is decoded); on other
 * cards the media are asked for when near the viewport and fade in. A URL
 * that cannot be resolved, or media that fail to load, leave the
 * placeholder (logged only).
 */
function fillMedia(box: HTMLElement, post: SocialPost, lead: boolean) {
  const media = post.media;
  if (!media) {
    box.remove();
    return;
  }
  if (lead) box.dataset.lead = "";
  const show = () =>
    resolveMedia(media).then(
      (src) => {
        const el = document.createElement(media.kind === "image" ? "img" : "video");
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

/** A card for a post, from the feed's template. */
export function renderCard(template: HTMLTemplateElement, post: SocialPost, lead: boolean) {
  const item = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  const q = <T extends HTMLElement>(sel: string) => item.querySelector<T>(sel);

  const slot = q("[data-post-date]");
  const date = formatPostDate(post.createdAt);
  if (slot && date) {
    const time = document.createElement("time");
    time.className = slot.className;
    time.textContent = date;
    time.dateTime = isoDate(post.createdAt);
    slot.replaceWith(time);
  } else slot?.remove();

  const { segments, readMore } = postText(post.commentary);
  const text = q("[data-post-text]");
  if (text) {
    const hashtagClass = text.dataset.postText ?? "";
    for (const s of segments) {
      if (!s.hashtag) text.append(s.text);
      else {
        const span = document.createElement("span");
        span.className = hashtagClass;
        span.textContent = s.text;
        text.append(span);
      }
    }
  }

  const more = q<HTMLAnchorElement>("[data-post-read-more]");
  if (more && readMore) more.href = postUrl(post.id) ?? more.dataset.postReadMore ?? "";
  else more?.remove();

  const box = q("[data-post-media]");
  if (box) fillMedia(box, post, lead);
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
  if (!list || !template) return;

  let posts: SocialPost[];
  try {
    posts = await loadFeed();
  } catch {
    loading?.remove();
    if (error) error.textContent = error.dataset.feedError ?? "";
    return;
  }
  loading?.remove();
  if (posts.length === 0) {
    if (empty) empty.hidden = false;
    return;
  }

  let shown = 0;
  const showUpTo = (visible: number) => {
    const added = posts
      .slice(shown, visible)
      .map((post, i) => renderCard(template, post, leadFirst && shown + i === 0));
    list.append(...added);
    shown = visible;
    if (moreBox) moreBox.hidden = !hasMorePosts(shown, posts.length);
    return added;
  };
  showUpTo(Math.min(count, posts.length));
  list.hidden = false;

  moreBox?.querySelector("button")?.addEventListener("click", () => {
    const [first] = showUpTo(nextVisibleCount(shown, posts.length, step));
    // Focus moves to the first new post: the button may have gone, and a
    // keyboard user continues where the new posts begin.
    if (first) {
      first.tabIndex = -1;
      first.focus();
    }
  });
}

/** Brings every prerendered feed of the document to life. */
export function mountFeeds(doc: ParentNode = document): Promise<void[]> {
  return Promise.all(
    [...doc.querySelectorAll<HTMLElement>("[data-feed]")].map((root) => mountFeed(root)),
  );
}
