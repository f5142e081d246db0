import { BackgroundVideo } from "@/components/BackgroundVideo";
import type { CareersContent } from "@/lib/careers";
import type { PageMeta } from "@/lib/content";
import styles from "./CareersWelcome.module.css";

/** The opening of /careers over its background video. */
export function CareersWelcome({
  meta: { heading, intro },
  page: { welcome, video, videoPoster, pauseLabel, playLabel },
}: {
  meta: Pick<PageMeta, "heading" | "intro">;
  page: CareersContent["page"];
}) {
  return (
    <section className={`on-dark ${styles.welcome}`} aria-labelledby="careers-heading">
      <BackgroundVideo
        name={video}
        poster={videoPoster}
        pauseLabel={pauseLabel}
        playLabel={playLabel}
      />
      <div className={`container ${styles.content}`}>
        <h1 id="careers-heading">{heading}</h1>
        <p className={styles.lead}>{intro}</p>
        <h2>{welcome.heading}</h2>
        {welcome.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </section>
  );
}
