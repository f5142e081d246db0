// A vacancy's page (/careers/{slug}), static.
import type { ReactNode } from "react";
import { Button } from "@/components/Button";
import { ContentHtml } from "@/components/ContentHtml";
import { ResponsiveArtImage, ResponsiveImage } from "@/components/ResponsiveImage";
import { Reveal } from "@/components/Reveal";
import { benefits, type CareersContent, type Vacancy } from "@/lib/careers";
import styles from "./VacancyPage.module.css";

export function VacancyPage({
  vacancy: v,
  detail: d,
}: {
  vacancy: Vacancy;
  /** The labels and copy every vacancy's page shares. */
  detail: CareersContent["detail"];
}) {
  const benefit = benefits(v, { text: d.benefitsHeadingText, list: d.benefitsHeadingList });
  return (
    <article aria-labelledby="vacancy-title">
      <header className={`on-dark ${styles.header}`}>
        <ResponsiveImage
          name={v.headerImage}
          alt=""
          cover
          priority
          className={styles.headerImage}
        />
        <div className={`container ${styles.headerContent}`}>
          <p className={styles.location}>{v.location}</p>
          <h1 id="vacancy-title">{v.title}</h1>
          <p className={styles.headerText}>{v.headerText}</p>
        </div>
      </header>

      <Section id="people" heading={d.people.heading} className={styles.people}>
        <div className={styles.columns}>
          <div>
            {d.people.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <Button to={d.people.linkTo} variant="tertiary">
              {d.people.linkLabel}
            </Button>
          </div>
          <ul className={styles.values}>
            {d.people.coreValues.map((value) => (
              <li key={value}>{value}</li>
            ))}
          </ul>
        </div>
      </Section>

      <Section id="role" heading={d.roleHeading}>
        <div className={styles.split}>
          <ContentHtml html={v.roleText} className={styles.rich} />
          <ResponsiveImage
            name={v.roleImage}
            alt={v.roleImageAlt}
            sizes="(min-width: 1024px) 560px, 100vw"
            className={styles.splitImage}
          />
        </div>
        {(v.roleText2 || v.roleImage2) && (
          <div className={`${styles.split} ${styles.reverse}`}>
            {v.roleText2 && <ContentHtml html={v.roleText2} className={styles.rich} />}
            {v.roleImage2 && (
              <ResponsiveImage
                name={v.roleImage2}
                alt={v.roleImage2Alt ?? ""}
                sizes="(min-width: 1024px) 560px, 100vw"
                className={styles.splitImage}
              />
            )}
          </div>
        )}
      </Section>

      <Section id="profile" heading={d.profileHeading} className={styles.profile}>
        <div className={styles.split}>
          <div>
            <p className={styles.intro}>{v.profileText}</p>
            <h3>{d.requirementsHeading}</h3>
            <ul className={styles.checks}>
              {v.requirements.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
            {v.personalAttributes && v.personalAttributes.length > 0 && (
              <>
                <h3>{d.personalAttributesHeading}</h3>
                <ul className={styles.checks}>
                  {v.personalAttributes.map((a) => (
                    <li key={a}>{a}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <ResponsiveArtImage
            mobile={v.profileImageMobile}
            tablet={v.profileImageTablet}
            desktop={v.profileImageDesktop}
            alt={v.profileImageAlt}
            sizes={{ mobile: "100vw", tablet: "100vw", desktop: "560px" }}
            className={styles.splitImage}
          />
        </div>
      </Section>

      <Section id="characteristics" heading={d.characteristics.heading}>
        <ul className={styles.characteristics}>
          {d.characteristics.items.map((c) => (
            <li key={c.title}>
              <h3>{c.title}</h3>
              <p>{c.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="benefits" heading={benefit.heading} className={styles.benefits}>
        {benefit.kind === "text" ? (
          <p className={styles.intro}>{benefit.text}</p>
        ) : (
          <ul className={styles.checks}>
            {benefit.items.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="ambitions" heading={d.ambitions.heading}>
        {d.ambitions.paragraphs.map((p) => (
          <p key={p} className={styles.prose}>
            {p}
          </p>
        ))}
      </Section>

      <Section id="contact" heading={d.contactHeading} className={styles.contact}>
        <div className={styles.contactCard}>
          <ResponsiveImage
            name={v.contactImage}
            alt=""
            sizes="160px"
            className={styles.contactImage}
          />
          <div>
            <p className={styles.contactFunction}>{v.contactFunction}</p>
            <p className={styles.contactName}>{v.contactName}</p>
            <p>
              {d.contactText}{" "}
              <a href={`mailto:${v.contactEmail}?subject=${encodeURIComponent(v.title)}`}>
                {v.contactEmail}
              </a>
            </p>
          </div>
        </div>
        <Button to="/careers" variant="tertiary">
          {d.backLabel}
        </Button>
      </Section>
    </article>
  );
}

function Section({
  id,
  heading,
  className,
  children,
}: {
  id: string;
  heading: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={[styles.section, className].filter(Boolean).join(" ")}
      aria-labelledby={`${id}-heading`}
    >
      <Reveal className="container">
        <h2 id={`${id}-heading`}>{heading}</h2>
        {children}
      </Reveal>
    </section>
  );
}
