import { PAGE_SIZE, type FeedLabels } from "@/lib/insights";
import { PostFeed, PostListSkeleton } from "./PostList";

/** The feed of /latest-insights: 3 posts and 3 more per `More articles`; the first leads. */
export function LatestInsights({ labels, moreLabel }: { labels: FeedLabels; moreLabel: string }) {
  return (
    <PostFeed
      labels={labels}
      count={PAGE_SIZE}
      more={{ label: moreLabel, step: PAGE_SIZE }}
      leadFirst
      headingLevel={2}
      loading={<PostListSkeleton count={PAGE_SIZE} />}
    />
  );
}
