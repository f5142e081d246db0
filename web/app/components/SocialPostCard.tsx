import { useMemo, useState } from "react";
import { ExternalLink } from "~/components/ExternalLink";
import { site } from "~/lib/content";
import {
  formatPostDate,
  insights,
  isoDate,
  postText,
  postUrl,
  type SocialPost,
} from "~/lib/insights";
import { logo } from "~/lib/media";
import { prefersReducedMotion, useMediaQuery } from "~/lib/use-media-query";
import { logMediaError, usePostMedia } from "~/lib/use-insights";
import styles from "./SocialPostCard.module.css";

/** The post's image or video, with the placeholder until it has loaded. */
function PostMedia({ post }: { post: SocialPost }) {
  const media = post.media;
  const src = usePostMedia(media);
  const [ready, setReady] = useState(false);
  const reducedMotion = useMediaQuery(prefersReducedMotion);
  const placeholder = logo(insights.card.placeholderLogo);
  if (!media) return null;
  const onError = () => src && logMediaError(media.kind, src);
  return (
    <div className={styles.media} data-ready={ready ? "" : undefined}>
      <img
        className={styles.placeholder}
        src={placeholder.src}
        alt=""
        width={placeholder.width}
        height={placeholder.height}
      />
      {src && media.kind === "image" && (
        <img
          className={styles.asset}
          src={src}
          alt={media.alt}
          loading="lazy"
          decoding="async"
          onLoad={() => setReady(true)}
          onError={onError}
        />
      )}
      {src && media.kind === "video" && (
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
          onLoadedData={() => setReady(true)}
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
export function SocialPostCard({ post }: { post: SocialPost }) {
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
      <PostMedia post={post} />
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
