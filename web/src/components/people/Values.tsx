import { Reveal } from "@/components/Reveal";
import type { PeopleContent } from "@/lib/people";
import styles from "./Values.module.css";

/** The firm's four values. */
export function Values({ values: { heading, items } }: { values: PeopleContent["values"] }) {
  const headingId = "values-heading";
  return (
    <section className={styles.values} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className={styles.heading}>
          {heading}
        </h2>
        <ol className={styles.list}>
          {items.map((value, i) => (
            <Reveal as="li" key={value.title} className={styles.item}>
              <span className={styles.number} aria-hidden="true">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className={styles.title}>{value.title}</h3>
              <p className={styles.text}>{value.text}</p>
            </Reveal>
          ))}
        </ol>
      </div>
    </section>
  );
}
