// A vacancy's page (/careers/{slug}), static.
import type { ReactNode } from "react";
import { Button } from "@/components/Button";
import { ContentHtml } from "@/components/ContentHtml";
import { Picture, PictureSources } from "@/components/Picture";
import { DESKTOP_QUERY, ResponsiveImage, TABLET_QUERY } from "@/components/ResponsiveImage";
import { Reveal } from "@/components/Reveal";
import { useMedia } from "@/components/media-context";
import { benefits, type CareersContent, type Vacancy, type VacancyContact } from "@/lib/careers";
import { teamLine } from "@/lib/directory";
import styles from "./VacancyPage.module.css";

export function VacancyPage({
  vacancy: v,
  contact,
  detail: d,
}: {
  vacancy: Vacancy;
  /** The person of the directory the vacancy names as its contact. */
  contact: VacancyContact | undefined;
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
          <ProfilePhoto vacancy={v} />
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
        {contact && (
          <div className={styles.contactCard}>
            <ResponsiveImage
              name={contact.image}
              alt=""
              sizes="160px"
              className={styles.contactImage}
            />
            <div>
              <p className={styles.contactFunction}>{teamLine(contact)}</p>
              <p className={styles.contactName}>{contact.name}</p>
              {contact.email && (
                <p>
                  {d.contactText}{" "}
                  <a href={`mailto:${contact.email}?subject=${encodeURIComponent(v.title)}`}>
                    {contact.email}
                  </a>
                </p>
              )}
            </div>
          </div>
        )}
        <Button to="/careers" variant="tertiary">
          {d.backLabel}
        </Button>
      </Section>
    </article>
  );
}

/**
 * The profile photo, cut upright on phones, square on tablets and wide from
 * 1024 px (the focal point the media build found keeps its subject in view),
 * from the header photo unless the vacancy has a profile photo or one of its own
 * for a width.
 */
function ProfilePhoto({ vacancy: v }: { vacancy: Vacancy }) {
  const { image } = useMedia();
  const desktop = image(v.profileImage ?? v.headerImage);
  const tablet = v.profileImageTablet ? image(v.profileImageTablet) : desktop;
  const mobile = v.profileImageMobile ? image(v.profileImageMobile) : desktop;
  // Cut to a narrower box, a photo is drawn wider than the box: `sizes` says how much.
  const drawn = (img: typeof desktop, box: number, width: number, unit: string) =>
    `${Math.ceil(width * Math.max(1, img.width / img.height / box))}${unit}`;
  return (
    <div className={`${styles.splitImage} ${styles.profileImage}`}>
      <Picture
        image={mobile}
        alt={v.profileImageAlt ?? ""}
        sizes={drawn(mobile, 3 / 4, 100, "vw")}
        cover
      >
        <PictureSources
          image={desktop}
          sizes={drawn(desktop, 16 / 10, 560, "px")}
          media={DESKTOP_QUERY}
        />
        <PictureSources image={tablet} sizes={drawn(tablet, 1, 100, "vw")} media={TABLET_QUERY} />
      </Picture>
    </div>
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
