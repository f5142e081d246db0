import type { Ref } from "react";
import { insights, type SocialPost } from "@/lib/insights";
import { SocialPostCard } from "./SocialPostCard";
import styles from "./PostList.module.css";

/** Posts as a grid of cards: one column up to 1023 px (wide cards on tablets), three on desktops. */
export function PostList({
  posts,
  firstNewRef,
  firstNewIndex = -1,
  leadFirst = false,
}: {
  posts: SocialPost[];
  /** The first card leads the page (the list page's largest element): its image loads first. */
  leadFirst?: boolean;
  /** Receives the card at firstNewIndex (focused after `More articles`). */
  firstNewRef?: Ref<HTMLLIElement>;
  firstNewIndex?: number;
}) {
  return (
    <ul className={styles.grid}>
      {posts.map((post, i) => (
        <li
          key={post.id}
          className={styles.item}
          ref={i === firstNewIndex ? firstNewRef : undefined}
          tabIndex={i === firstNewIndex ? -1 : undefined}
        >
          <SocialPostCard post={post} lead={leadFirst && i === 0} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The loading placeholder: cards of the same shape as the real ones, so the
 * posts replace it without moving what is around it. Screen readers hear
 * the loading label once.
 */
export function PostListSkeleton({ count }: { count: number }) {
  return (
    <div role="status" className={styles.loading}>
      <span className="visually-hidden">{insights.states.loading}</span>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={`${styles.item} ${styles.skeleton}`}>
            <div className={styles.skHeader}>
              <span className={styles.skAvatar} />
              <span className={styles.skLines}>
                <span className={styles.skLine} />
                <span className={`${styles.skLine} ${styles.short}`} />
              </span>
            </div>
            <span className={styles.skMedia} />
            {Array.from({ length: 7 }, (_, j) => (
              <span key={j} className={`${styles.skLine} ${j === 6 ? styles.short : ""}`} />
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The feed's error (or empty) text, in place of the list. */
export function FeedMessage({ kind }: { kind: "error" | "empty" }) {
  return (
    <p className={styles.message} role={kind === "error" ? "alert" : undefined}>
      {insights.states[kind]}
    </p>
  );
}
