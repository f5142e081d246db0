import type { FeedLabels } from "@/lib/insights";
import { HOME_POST_COUNT } from "@/lib/insights";
import { PostFeed } from "./PostList";
import styles from "./InsightsBlock.module.css";

/** The home page's feed: a spinner while it loads, then three posts or the error text. */
export function InsightsBlock({ labels }: { labels: FeedLabels }) {
  return (
    <PostFeed
      className={styles.body}
      labels={labels}
      count={HOME_POST_COUNT}
      headingLevel={3}
      loading={
        <div className={styles.spinner} aria-hidden="true">
          <span className={styles.ring} />
        </div>
      }
    />
  );
}
