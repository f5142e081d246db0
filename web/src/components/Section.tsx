import type { ReactNode } from "react";
import styles from "./Section.module.css";

interface SectionProps {
  /** Id of the section's h2, which names the section. */
  id: string;
  eyebrow?: string;
  heading: string;
  /** Background: white (default), warm paper, or navy. */
  tone?: "white" | "paper" | "navy";
  /** Visually hide the heading (it still names the section). */
  hideHeading?: boolean;
  className?: string;
  children: ReactNode;
}

/** A page section: a band of colour with an optional eyebrow and an h2. */
export function Section({
  id,
  eyebrow,
  heading,
  tone = "white",
  hideHeading = false,
  className,
  children,
}: SectionProps) {
  return (
    <section
      aria-labelledby={id}
      className={[styles.section, styles[tone], tone === "navy" && "on-dark", className]
        .filter(Boolean)
        .join(" ")}
    >
      <div className="container">
        {eyebrow && !hideHeading && <p className={`eyebrow ${styles.eyebrow}`}>{eyebrow}</p>}
        <h2 id={id} className={hideHeading ? "visually-hidden" : styles.heading}>
          {heading}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** The small label above a heading. */
export function Eyebrow({ children }: { children: ReactNode }) {
  return <p className={`eyebrow ${styles.eyebrow}`}>{children}</p>;
}
