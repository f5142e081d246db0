// A feed of LinkedIn posts, prerendered for lib/feed-view.ts to bring to life (no framework).
import type { ReactNode } from "react";
import type { FeedLabels } from "@/lib/insights";
import { SocialPostCard } from "./SocialPostCard";
import buttonStyles from "./Button.module.css";
import styles from "./PostList.module.css";

interface PostFeedProps {
  labels: FeedLabels;
  loading: ReactNode;
  count: number;
  /** Posts each `More articles` adds; without it there is no button. */
  more?: { label: string; step: number };
  /** The first card leads the page (its largest element): its image loads first. */
  leadFirst?: boolean;
  headingLevel: 2 | 3;
  className?: string;
}

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
      data-feed=""
      data-count={count}
      data-step={more?.step}
      data-lead={leadFirst ? "" : undefined}
    >
      {/* The feed's progress, heard: a live region there, empty, from the first paint. */}
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

/** Placeholder cards of the real ones' shape, so nothing moves when the posts come. */
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
