import { useMemo, useRef, useState } from "react";
import { ExternalLink } from "@/components/ExternalLink";
import { site } from "@/lib/content";
import {
  formatPostDate,
  insights,
  isoDate,
  postText,
  postUrl,
  type SocialPost,
} from "@/lib/insights";
import { logo } from "@/lib/media";
import { prefersReducedMotion, useMediaQuery } from "@/lib/use-media-query";
import { logMediaError, usePostMedia } from "@/lib/use-insights";
import { useNearViewport } from "@/lib/use-near-viewport";
import styles from "./SocialPostCard.module.css";

/**
 * The post's image or video, over the placeholder until it has loaded; one
 * that fails to load is removed (logged only), leaving the placeholder. The
 * lead card's image is fetched first, at high priority, and shows the moment
 * it is decoded: it is the list page's largest element, which a fade-in
 * through a React update would only delay. The other cards' media wait until
 * they come near the viewport, then fade in.
 */
function PostMedia({ post, lead }: { post: SocialPost; lead: boolean }) {
  const media = post.media;
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box, { always: lead });
  const src = usePostMedia(near ? media : null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const reducedMotion = useMediaQuery(prefersReducedMotion);
  const placeholder = logo(insights.card.placeholderLogo);
  if (!media) return null;
  const onError = () => {
    if (src) logMediaError(media.kind, src);
    setStatus("failed");
  };
  const shown = src !== null && status !== "failed";
  return (
    <div
      ref={box}
      className={styles.media}
      data-ready={status === "ready" ? "" : undefined}
      data-lead={lead ? "" : undefined}
    >
      <img
        className={styles.placeholder}
        src={placeholder.src}
        alt=""
        width={placeholder.width}
        height={placeholder.height}
      />
      {shown && media.kind === "image" && (
        <img
          className={styles.asset}
          src={src}
          alt={media.alt}
          fetchPriority={lead ? "high" : undefined}
          decoding="async"
          onLoad={() => setStatus("ready")}
          onError={onError}
        />
      )}
      {shown && media.kind === "video" && (
        <video
          className={styles.asset}
          src={src}
          aria-label={media.alt || undefined}
          muted
          loop
          playsInline
          autoPlay={!reducedMotion}
          controls
          preload="metadata"
          onLoadedData={() => setStatus("ready")}
          onError={onError}
        />
      )}
    </div>
  );
}

/**
 * One post of the firm's LinkedIn page: the firm's name and follower label,
 * the Dutch date, the cleaned commentary with its hashtags, and the media.
 * Rendered only in the browser (the feed is live).
 */
export function SocialPostCard({ post, lead = false }: { post: SocialPost; lead?: boolean }) {
  const { segments, readMore } = useMemo(() => postText(post.commentary), [post.commentary]);
  const avatar = logo(insights.card.logo);
  const date = formatPostDate(post.createdAt);
  return (
    <article className={styles.card}>
      <header className={styles.header}>
        <img className={styles.avatar} src={avatar.src} alt="" width={48} height={48} />
        <div className={styles.byline}>
          <ExternalLink href={site.social.linkedinCompany} className={styles.name}>
            {site.name}
          </ExternalLink>
          <span className={styles.meta}>{site.social.followerLabel}</span>
          {date && (
            <time className={styles.meta} dateTime={isoDate(post.createdAt)}>
              {date}
            </time>
          )}
        </div>
      </header>
      <PostMedia post={post} lead={lead} />
      <p className={styles.text}>
        {segments.map((s, i) =>
          s.hashtag ? (
            <span key={i} className={styles.hashtag}>
              {s.text}
            </span>
          ) : (
            s.text
          ),
        )}
      </p>
      <footer className={styles.footer}>
        {readMore && (
          <ExternalLink
            href={postUrl(post.id) ?? site.social.linkedinPosts}
            className={styles.readMore}
          >
            {insights.card.readMoreLabel}
            <span className="visually-hidden"> {insights.card.readMoreContext}</span>
          </ExternalLink>
        )}
        <ExternalLink href={site.social.linkedinPosts} className={styles.posts}>
          {insights.card.postsLinkLabel}
        </ExternalLink>
      </footer>
    </article>
  );
}
