import { BackgroundVideo } from "~/components/BackgroundVideo";
import { VacancyCards } from "~/components/VacancyCards";
import { careers, vacancies } from "~/lib/careers";
import { pageMeta, registerPage } from "~/lib/content";
import { staticPageMeta } from "~/lib/page-meta";
import styles from "./careers.module.css";
import page from "virtual:content/pages.json?pick=/careers";

registerPage("/careers", page);

export const meta = () => staticPageMeta("/careers");

export default function Careers() {
  const { heading, intro } = pageMeta("/careers");
  const { welcome, video, videoPoster, pauseLabel, playLabel } = careers.page;
  return (
    <>
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
      <VacancyCards vacancies={vacancies} />
    </>
  );
}
