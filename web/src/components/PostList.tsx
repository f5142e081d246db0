// A feed of LinkedIn posts, prerendered for lib/feed-view.ts to bring to life
// in the browser: no framework ships for it. The HTML holds the loading state
// (shown until the feed arrives), the place of the error and empty texts, the
// empty list, a template of one card and, on the list page, `More articles`.
import type { ReactNode } from "react";
import type { FeedLabels } from "@/lib/insights";
import { SocialPostCard } from "./SocialPostCard";
import buttonStyles from "./Button.module.css";
import styles from "./PostList.module.css";

/** Marks a feed's root element (lib/feed-view.ts looks for it). */
export const FEED_ATTR = "data-feed";

interface PostFeedProps {
  labels: FeedLabels;
  /** What shows while the feed loads: a spinner or the placeholder cards. */
  loading: ReactNode;
  /** Posts shown first. */
  count: number;
  /** Posts each `More articles` adds; without it there is no button. */
  more?: { label: string; step: number };
  /** The first card leads the page (its largest element): its image loads first. */
  leadFirst?: boolean;
  /** The level of each post's heading: under the page's h1 (2) or a section's h2 (3). */
  headingLevel: 2 | 3;
  className?: string;
}

/** Posts as a grid of cards: one column up to 1023 px (wide cards on tablets), three on desktops. */
export function PostFeed({
  labels,
  loading,
  count,
  more,
  leadFirst = false,
  headingLevel,
  className,
}: PostFeedProps) {
  return (
    <div
      className={[styles.feed, className].filter(Boolean).join(" ")}
      {...{ [FEED_ATTR]: "" }}
      data-count={count}
      data-step={more?.step}
      data-lead={leadFirst ? "" : undefined}
    >
      {/* What screen readers hear of the feed's progress: a live region that is
          there, empty, from the first paint, so that lib/feed-view.ts's
          "Loading insights" and then "3 posts shown" are each heard as they come. */}
      <p
        className="visually-hidden"
        role="status"
        data-feed-status=""
        data-loading={labels.states.loading}
        data-shown={labels.states.shown}
      />
      <div data-feed-loading="">{loading}</div>
      <p className={styles.message} role="alert" data-feed-error={labels.states.error} />
      <p className={styles.message} data-feed-empty="" hidden>
        {labels.states.empty}
      </p>
      <ul className={styles.grid} data-feed-list="" hidden />
      <template data-feed-item="" data-heading-fallback={labels.card.headingFallback}>
        <li className={styles.item}>
          <SocialPostCard card={labels.card} headingLevel={headingLevel} />
        </li>
      </template>
      {more && (
        <div className={styles.more} data-feed-more="" hidden>
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
            <span>{more.label}</span>
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The loading placeholder: cards of the same shape as the real ones, so the
 * posts replace it without moving what is around it. Only drawn: screen
 * readers hear the feed's status (PostFeed).
 */
export function PostListSkeleton({ count }: { count: number }) {
  return (
    <div className={styles.loading} aria-hidden="true">
      <ul className={styles.grid}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={`${styles.item} ${styles.skeleton}`}>
            <div className={styles.skHeader}>
              <span className={styles.skAvatar} />
              <span className={styles.skLines}>
                <span className={styles.skLine} />
                <span className={`${styles.skLine} ${styles.short}`} />
              </span>
            </div>
            <span className={styles.skMedia} />
            {Array.from({ length: 7 }, (_, j) => (
              <span key={j} className={`${styles.skLine} ${j === 6 ? styles.short : ""}`} />
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
