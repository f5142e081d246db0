import { HOME_POST_COUNT, insights } from "~/lib/insights";
import { useInsightsFeed } from "~/lib/use-insights";
import { Button } from "./Button";
import { FeedMessage, PostList } from "./PostList";
import styles from "./InsightsBlock.module.css";

/**
 * The home page's latest insights: a spinner while the feed loads (also in
 * the prerendered HTML), then its first three posts, and a button to the
 * full list.
 */
export function InsightsBlock() {
  const feed = useInsightsFeed();
  return (
    <section className={styles.block} aria-labelledby="home-insights-heading">
      <div className="container">
        <div className={styles.head}>
          <h2 id="home-insights-heading">{insights.home.heading}</h2>
          <p className={styles.intro}>{insights.home.intro}</p>
        </div>
        <div className={styles.body}>
          {feed.status === "loading" && (
            <div className={styles.spinner} role="status">
              <span className={styles.ring} aria-hidden="true" />
              <span className="visually-hidden">{insights.states.loading}</span>
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
          {insights.home.buttonLabel}
        </Button>
      </div>
    </section>
  );
}
