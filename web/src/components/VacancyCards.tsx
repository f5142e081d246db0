import { Button } from "@/components/Button";
import { ResponsiveImage } from "@/components/ResponsiveImage";
import { Reveal } from "@/components/Reveal";
import { vacancyPreview, type CareersContent, type Vacancy } from "@/lib/careers";
import styles from "./VacancyCards.module.css";

/** The job openings on /careers: a heading that says whether there are any, and a card per vacancy. */
export function VacancyCards({
  vacancies,
  page: { openingsHeading, noOpeningsHeading, moreInformationLabel },
}: {
  vacancies: readonly Vacancy[];
  page: Pick<
    CareersContent["page"],
    "openingsHeading" | "noOpeningsHeading" | "moreInformationLabel"
  >;
}) {
  return (
    <section className={`container ${styles.openings}`} aria-labelledby="openings-heading">
      <h2 id="openings-heading" className={styles.heading}>
        {vacancies.length > 0 ? openingsHeading : noOpeningsHeading}
      </h2>
      {vacancies.length > 0 && (
        <ul className={styles.list}>
          {vacancies.map((v) => (
            <Reveal as="li" key={v.slug} className={styles.item}>
              <article className={styles.card} aria-labelledby={`vacancy-${v.slug}`}>
                <ResponsiveImage
                  name={v.overviewImage ?? v.headerImage}
                  alt=""
                  sizes="(min-width: 1024px) 390px, (min-width: 768px) 50vw, 100vw"
                  className={styles.image}
                />
                <div className={styles.body}>
                  <h3 id={`vacancy-${v.slug}`} className={styles.title}>
                    {v.title}
                  </h3>
                  <p className={styles.location}>{v.location}</p>
                  <p className={styles.preview}>{vacancyPreview(v)}</p>
                  <Button to={`/careers/${v.slug}`} variant="tertiary" className={styles.more}>
                    {moreInformationLabel}
                    <span className="visually-hidden">: {v.title}</span>
                  </Button>
                </div>
              </article>
            </Reveal>
          ))}
        </ul>
      )}
    </section>
  );
}
