import { Button } from "@/components/Button";
import { ResponsiveImage } from "@/components/ResponsiveImage";
import { Reveal } from "@/components/Reveal";
import { teaserTitle, type TeaserCopy, type VacancyTeaser } from "@/lib/career-teasers";
import styles from "./CareerTeasers.module.css";

/** Teaser cards shown on other screens. */
export const TEASER_COUNT = 3;

/** The first three vacancies as cards (a cut title keeps the full one as name and tooltip). */
export function CareerTeasers({
  teasers,
  vacancies,
}: {
  teasers: TeaserCopy;
  vacancies: readonly VacancyTeaser[];
}) {
  const shown = vacancies.slice(0, TEASER_COUNT);
  return (
    <section className={`container ${styles.teasers}`} aria-labelledby="career-teasers-heading">
      <h2 id="career-teasers-heading">{teasers.heading}</h2>
      {shown.length > 0 && (
        <ul className={styles.list}>
          {shown.map((v) => {
            const title = teaserTitle(v.title);
            return (
              <Reveal as="li" key={v.slug} className={styles.item}>
                <a
                  href={`/careers/${v.slug}`}
                  className={styles.card}
                  title={title.cut ? v.title : undefined}
                >
                  <ResponsiveImage
                    name={v.overviewImage ?? v.headerImage}
                    alt=""
                    sizes="(min-width: 1024px) 390px, (min-width: 768px) 33vw, 100vw"
                    className={styles.image}
                  />
                  <span className={styles.body}>
                    {title.cut ? (
                      <>
                        <span className={styles.title} aria-hidden="true">
                          {title.text}
                        </span>
                        <span className="visually-hidden">{v.title}</span>
                      </>
                    ) : (
                      <span className={styles.title}>{v.title}</span>
                    )}
                    <span className={styles.location}>{v.location}</span>
                  </span>
                </a>
              </Reveal>
            );
          })}
        </ul>
      )}
      <Button to="/careers" variant="secondary">
        {teasers.moreLabel}
      </Button>
    </section>
  );
}
