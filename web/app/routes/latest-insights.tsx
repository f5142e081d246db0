import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/Button";
import { PageIntro } from "~/components/PageIntro";
import { FeedMessage, PostList, PostListSkeleton } from "~/components/PostList";
import { site } from "~/lib/content";
import { hasMorePosts, insights, nextVisibleCount, PAGE_SIZE } from "~/lib/insights";
import { staticPageMeta } from "~/lib/page-meta";
import { useInsightsFeed } from "~/lib/use-insights";
import styles from "./latest-insights.module.css";

export const meta = () => staticPageMeta("/latest-insights");

export default function LatestInsights() {
  const feed = useInsightsFeed();
  const [visible, setVisible] = useState(PAGE_SIZE);
  // After `More articles`, focus moves to the first new post: the button may
  // have gone, and a keyboard user continues where the new posts begin.
  const [firstNew, setFirstNew] = useState(-1);
  const firstNewRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (firstNew >= 0) firstNewRef.current?.focus();
  }, [firstNew]);

  const posts = feed.status === "loaded" ? feed.posts : [];
  return (
    <>
      <PageIntro path="/latest-insights">
        <a
          className={styles.linkedin}
          href={site.social.linkedinCompany}
          target="_blank"
          rel="noopener noreferrer"
        >
          {insights.list.linkedinLinkLabel}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </PageIntro>
      <div className={`container ${styles.list}`}>
        {feed.status === "loading" && <PostListSkeleton count={PAGE_SIZE} />}
        {feed.status === "error" && <FeedMessage kind="error" />}
        {feed.status === "loaded" && posts.length === 0 && <FeedMessage kind="empty" />}
        {posts.length > 0 && (
          <PostList
            posts={posts.slice(0, visible)}
            firstNewRef={firstNewRef}
            firstNewIndex={firstNew}
          />
        )}
        {hasMorePosts(visible, posts.length) && (
          <div className={styles.more}>
            <Button
              variant="secondary"
              onClick={() => {
                setFirstNew(visible);
                setVisible(nextVisibleCount(visible, posts.length));
              }}
            >
              {insights.list.moreLabel}
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
