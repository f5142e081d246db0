// One LinkedIn post as a template rendered at build: lib/feed-view.ts fills its data-post-*
// places per post in the browser (the feed is live) and removes those a post does not use.
import type { ReactNode } from "react";
import { FEED_LANG, type FeedLabels } from "@/lib/insights";
import styles from "./SocialPostCard.module.css";

type CardLabels = FeedLabels["card"];

/**
 * A link to LinkedIn in a new tab, said to screen readers (`note`). Without a note it is a link
 * every card repeats (the firm's page, its posts): clickable, but out of the tab order and hidden
 * from screen readers, who would hear it once per post; every page links those once elsewhere.
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
  note?: string;
  children: ReactNode;
  [data: `data-${string}`]: string;
}) {
  const repeated = note === undefined;
  return (
    <a
      href={href}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
      tabIndex={repeated ? -1 : undefined}
      aria-hidden={repeated ? "true" : undefined}
      {...data}
    >
      {children}
      {!repeated && <span className="visually-hidden"> {note}</span>}
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
      {/* A screen reader's way into the post; More articles moves focus here. */}
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
          <NewTabLink href={card.companyUrl} className={styles.name}>
            {card.siteName}
          </NewTabLink>
          <span className={styles.meta} lang={FEED_LANG} aria-hidden="true" data-post-followers="">
            {card.followerLabel}
          </span>
          {/* Replaced by a <time> (an empty one would not be valid HTML). */}
          <span className={styles.meta} lang={FEED_LANG} data-post-date="" />
        </div>
      </header>
      <p className={styles.kind} data-post-kind="">
        <span data-post-kind-repost="">{card.repostLabel}</span>
        <span data-post-kind-poll="">{card.pollLabel}</span>
        <span data-post-kind-document="">{card.documentLabel}</span>
      </p>
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
        <NewTabLink
          className={styles.readMore}
          note={card.newTab}
          data-post-read-more={card.postsUrl}
        >
          {card.readMoreLabel}
          <span className="visually-hidden">
            {" "}
            {card.readMoreContext}
            {/* ": <the post's heading>", so each Read More says its post out of the card; in
                this span, as a span of its own would be heard after a space in Chromium. */}
            <span data-post-context="" />
          </span>
        </NewTabLink>
        <NewTabLink href={card.postsUrl} className={styles.posts}>
          {card.postsLinkLabel}
        </NewTabLink>
      </footer>
    </article>
  );
}
