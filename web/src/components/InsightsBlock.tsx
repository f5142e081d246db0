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
      headingLevel={3}
      loading={
        // Only drawn: screen readers hear the feed's status (PostFeed).
        <div className={styles.spinner} aria-hidden="true">
          <span className={styles.ring} />
        </div>
      }
    />
  );
}
