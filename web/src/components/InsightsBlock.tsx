import { HOME_POST_COUNT, insights } from "@/lib/insights";
import { useInsightsFeed } from "@/lib/use-insights";
import { Button } from "./Button";
import { FeedMessage, PostList } from "./PostList";
import { Section } from "./Section";
import styles from "./InsightsBlock.module.css";

/**
 * The home page's latest insights: a spinner while the feed loads (also in
 * the prerendered HTML), then its first three posts, and a button to the
 * full list.
 */
export function InsightsBlock() {
  const feed = useInsightsFeed();
  const { home, states } = insights;
  return (
    <Section id="home-insights" eyebrow={home.eyebrow} heading={home.heading}>
      <p className={styles.intro}>{home.intro}</p>
      <div className={styles.body}>
        {feed.status === "loading" && (
          <div className={styles.spinner} role="status">
            <span className={styles.ring} aria-hidden="true" />
            <span className="visually-hidden">{states.loading}</span>
          </div>
        )}
        {feed.status === "error" && <FeedMessage kind="error" />}
        {feed.status === "loaded" &&
          (feed.posts.length > 0 ? (
            <PostList posts={feed.posts.slice(0, HOME_POST_COUNT)} />
          ) : (
            <FeedMessage kind="empty" />
          ))}
      </div>
      <Button to="/latest-insights" variant="secondary" className={styles.more}>
        {home.buttonLabel}
      </Button>
    </Section>
  );
}
