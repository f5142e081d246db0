// One post of the firm's LinkedIn page, as a template rendered at build: the
// firm's name and follower label, then the date, the kind of post (a repost,
// a poll, a document), the cleaned commentary with its hashtags, the media
// and what the kind adds (the reposted post, the poll's question and
// options, the document's or article's title, a link for a kind the site
// does not know), which lib/feed-view.ts fills in per post (the feed is
// live) and removes where a post has none. The data-post-* attributes are
// the places it fills.
import type { ReactNode } from "react";
import { FEED_LANG, type FeedLabels } from "@/lib/insights";
import styles from "./SocialPostCard.module.css";

type CardLabels = FeedLabels["card"];

/**
 * A link to LinkedIn: a new tab, without a handle on this page, said to screen
 * readers. As components/ExternalLink, which takes neither the data attribute
 * nor the missing href of Read More (its href is set per post in the browser).
 */
function NewTabLink({
  href,
  className,
  note,
  children,
  ...data
}: {
  href?: string;
  className?: string;
  note: string;
  children: ReactNode;
  [data: `data-${string}`]: string;
}) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" {...data}>
      {children}
      <span className="visually-hidden"> {note}</span>
    </a>
  );
}

/**
 * A link every card repeats to the same place (the firm's LinkedIn page and
 * its posts): drawn and clickable as LinkedIn's cards are, but out of the
 * tab order and hidden from screen readers, who would hear it once per post
 * (21 times on the full list). The same pages are linked once on every page
 * (the footer's LinkedIn link; the list page's intro).
 */
function RepeatedLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
      tabIndex={-1}
      aria-hidden="true"
    >
      {children}
    </a>
  );
}

export function SocialPostCard({
  card,
  headingLevel,
}: {
  card: CardLabels;
  /** Under the page's h1 (2) or a section's h2 (3). */
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={styles.card}>
      {/* Not shown: a screen reader's way into the post, first in it (lib/feed-view.ts
          writes what begins the post). More articles moves focus here. */}
      <Heading className="visually-hidden" tabIndex={-1} data-post-heading="" />
      <header className={styles.header}>
        <img
          className={styles.avatar}
          src={card.avatar.src}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
        />
        <div className={styles.byline}>
          <RepeatedLink href={card.companyUrl} className={styles.name}>
            {card.siteName}
          </RepeatedLink>
          <span className={styles.meta} lang={FEED_LANG} aria-hidden="true" data-post-followers="">
            {card.followerLabel}
          </span>
          {/* Where the date goes: lib/feed-view.ts puts a <time> in its place (an
              empty <time> in the template would not be valid HTML). */}
          <span className={styles.meta} lang={FEED_LANG} data-post-date="" />
        </div>
      </header>
      <p className={styles.kind} data-post-kind="">
        <span data-post-kind-repost="">{card.repostLabel}</span>
        <span data-post-kind-poll="">{card.pollLabel}</span>
        <span data-post-kind-document="">{card.documentLabel}</span>
      </p>
      {/* The image or video goes over the placeholder; removed for a post without media. */}
      <div className={styles.media} data-post-media={styles.asset}>
        <img
          className={styles.placeholder}
          src={card.placeholder.src}
          alt=""
          width={card.placeholder.width}
          height={card.placeholder.height}
          loading="lazy"
          decoding="async"
        />
      </div>
      <p className={styles.text} data-post-text={styles.hashtag} />
      {/* What the kind of post adds; the parts a post does not use are removed. */}
      <div className={styles.extra} data-post-extra="">
        <blockquote className={styles.reshare} data-post-reshare="">
          <p className={styles.text} data-post-reshare-text={styles.hashtag} />
        </blockquote>
        <p className={styles.note} data-post-reshare-missing="">
          {card.repostUnavailable}{" "}
          <NewTabLink note={card.newTab} data-post-reshare-link="">
            {card.repostLinkLabel}
          </NewTabLink>
        </p>
        <div data-post-poll="">
          <p className={styles.question} data-post-poll-question="" />
          {/* Lines, not a list: the feed's list items are its posts. */}
          <div className={styles.options} data-post-poll-options="" />
        </div>
        <p className={styles.title} data-post-document="" />
        <p className={styles.title} data-post-article="">
          <NewTabLink note={card.newTab} data-post-article-link="">
            {""}
          </NewTabLink>
        </p>
        <p data-post-fallback="">
          <NewTabLink note={card.newTab} data-post-fallback-link="">
            {card.fallbackLinkLabel}
          </NewTabLink>
        </p>
      </div>
      <footer className={styles.footer}>
        {/* Removed when the text is short enough to read whole. */}
        <NewTabLink
          className={styles.readMore}
          note={card.newTab}
          data-post-read-more={card.postsUrl}
        >
          {card.readMoreLabel}
          <span className="visually-hidden">
            {" "}
            {card.readMoreContext}
            {/* lib/feed-view.ts writes ": <the post's heading>" here, so that each
                Read More says which post it leads to: links lists and link
                navigation hear it out of the card. In the same hidden span as
                the words before it: a hidden span of its own would be heard
                after a space (Chromium spaces out absolutely placed elements). */}
            <span data-post-context="" />
          </span>
        </NewTabLink>
        <RepeatedLink href={card.postsUrl} className={styles.posts}>
          {card.postsLinkLabel}
        </RepeatedLink>
      </footer>
    </article>
  );
}
