import { BackgroundVideo } from "@/components/BackgroundVideo";
import { careers } from "@/lib/careers";
import { pageMeta } from "@/lib/content";
import styles from "./CareersWelcome.module.css";

/**
 * The opening of /careers: the page heading and intro, and 'Who we welcome',
 * over the looping muted background video.
 */
export function CareersWelcome() {
  const { heading, intro } = pageMeta("/careers");
  const { welcome, video, videoPoster, pauseLabel, playLabel } = careers.page;
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
