import { useEffect, useRef, useState } from "react";
import { ExternalLink } from "~/components/ExternalLink";
import { Button } from "~/components/Button";
import { PageIntro } from "~/components/PageIntro";
import { FeedMessage, PostList, PostListSkeleton } from "~/components/PostList";
import { site, registerPage } from "~/lib/content";
import { hasMorePosts, insights, nextVisibleCount, PAGE_SIZE } from "~/lib/insights";
import { staticPageMeta } from "~/lib/page-meta";
import { prefetchInsights, useInsightsFeed, usePrerenderedFeedPreload } from "~/lib/use-insights";
import styles from "./latest-insights.module.css";
import page from "virtual:content/pages.json?pick=/latest-insights";

registerPage("/latest-insights", page);

export const meta = () => staticPageMeta("/latest-insights");

// The feed, the first page's media and the first image (this page's largest
// element) start loading with this module, while the rest of the app's
// JavaScript is still on its way.
prefetchInsights({ posts: PAGE_SIZE, images: 1 });

export default function LatestInsights() {
  usePrerenderedFeedPreload();
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
        <ExternalLink href={site.social.linkedinCompany} className={styles.linkedin}>
          {insights.list.linkedinLinkLabel}
        </ExternalLink>
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
            leadFirst
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
