import type { FeedLabels } from "@/lib/insights";
import { HOME_POST_COUNT } from "@/lib/insights";
import { PostFeed } from "./PostList";
import styles from "./InsightsBlock.module.css";

/**
 * The feed of the home page's latest insights (composed by
 * InsightsBlock.astro, which loads lib/feed-view.ts as the block comes near
 * the viewport): a spinner while the feed loads (also in the prerendered
 * HTML), then its first three posts, or the error text.
 */
export function InsightsBlock({ labels }: { labels: FeedLabels }) {
  return (
    <PostFeed
      className={styles.body}
      labels={labels}
      count={HOME_POST_COUNT}
      loading={
        <div className={styles.spinner} role="status">
          <span className={styles.ring} aria-hidden="true" />
          <span className="visually-hidden">{labels.states.loading}</span>
        </div>
      }
    />
  );
}
