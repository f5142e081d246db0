import { useEffect, useRef, useState, type MouseEvent } from "react";
import { ExternalLink } from "@/components/ExternalLink";
import { Modal } from "@/components/Modal";
import { Picture } from "@/components/Picture";
import { teamLine } from "@/lib/directory";
import type { PersonCard, PersonDetails, PopupLabels } from "@/lib/people";
import { prefersReducedMotion } from "@/lib/use-media-query";
import { isPlainClick } from "@/lib/plain-click";
import styles from "./EmployeePopup.module.css";

/** How long the slide-out lasts before the person changes (the CSS animations match). */
export const LEAVE_MS = 200;

export type Motion = "previous" | "next" | "close";

export type PopupPerson = PersonCard & PersonDetails;

interface EmployeePopupProps {
  /** The person shown; null when the popup is closed. */
  person: PopupPerson | null;
  /** Neighbours in the stored list (absent at its ends). */
  previous?: Pick<PersonCard, "id" | "name">;
  next?: Pick<PersonCard, "id" | "name">;
  /** The directory's query (`?q=...` or ""), kept on every link. */
  search: string;
  /** How the person arrived: slides in from that side. */
  entered?: Motion;
  labels: PopupLabels;
  /** After the slide-out: show another person, or close (null). */
  onMove: (to: number | null, motion: Motion) => void;
}

/**
 * An e-mail address that wraps before its "@" when the line is too narrow (a
 * phone's popup), rather than inside the domain ("veldhaven.e" / "u"); the
 * text, and what is read aloud, stay the address.
 */
function lineBreakBeforeAt(email: string) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/**
 * The employee popup: a modal dialog over the directory. Previous and next walk
 * the stored list (hidden at its ends); close and Escape return to the
 * directory. Each move slides the current person out before `onMove`, and the
 * new one in. Its links are real ones (/who-we-are/{id}), so they work before
 * hydration and without script, and open in a new tab as links do.
 */
export function EmployeePopup({
  person,
  previous,
  next,
  search,
  entered,
  labels,
  onMove,
}: EmployeePopupProps) {
  const [leaving, setLeaving] = useState<Motion | null>(null);
  // Whether a slide-out is under way, for `go`: read from a ref, because a key
  // may arrive between the render of the next person and React's passive
  // effects, when the handler that runs is still the one of the render that
  // started the slide-out (an Escape right after a move was then ignored).
  const leavingNow = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = person?.id;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // A new person (Previous, Next): the slide-in starts from the CSS, and
  // focus moves to the person's name, so that a screen reader says who is
  // shown now (left on Next, it would say only the name of the one after,
  // and at the ends of the list the button used has gone). Not for the person
  // the popup opens with: the dialog's opening says that (its name), and at
  // hydration focus is wherever the visitor put it.
  const shownBefore = useRef(id);
  useEffect(() => {
    const before = shownBefore.current;
    shownBefore.current = id;
    if (id === undefined || before === undefined || before === id) return;
    headingRef.current?.focus({ preventScroll: true });
  }, [id]);

  function go(to: number | null, motion: Motion) {
    if (leavingNow.current) return;
    leavingNow.current = true;
    const instant = window.matchMedia(prefersReducedMotion).matches;
    setLeaving(motion);
    timer.current = window.setTimeout(
      () => {
        // One render: the next person arrives without the slide-out's style.
        leavingNow.current = false;
        setLeaving(null);
        onMove(to, motion);
      },
      instant ? 0 : LEAVE_MS,
    );
  }

  const step = (motion: "previous" | "next", to: number) => (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    go(to, motion);
  };

  const headingId = "employee-popup-name";
  return (
    <Modal
      open={person !== null}
      onClose={() => go(null, "close")}
      labelledBy={headingId}
      closeLabel={labels.closeLabel}
      className={styles.dialog}
    >
      {person && (
        <div className={styles.frame} data-leaving={leaving ?? undefined}>
          <article
            key={person.id}
            className={styles.person}
            data-enter={entered}
            data-leaving={leaving === "close" ? undefined : (leaving ?? undefined)}
          >
            <div className={styles.photo}>
              <Picture
                image={person.image}
                alt=""
                sizes="(min-width: 768px) 340px, 100vw"
                priority
                cover
              />
            </div>
            <div className={styles.text}>
              <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.name}>
                {person.name}
              </h2>
              <p className={styles.team}>{teamLine(person)}</p>
              <p className={styles.location}>{person.location}</p>
              <p className={styles.description}>{person.description}</p>
              {(person.email || person.linkedin || person.liv) && (
                <ul className={styles.links}>
                  {person.email && (
                    <li>
                      <a href={`mailto:${person.email}`}>
                        {labels.emailLabel}
                        <span className={styles.detail}>{lineBreakBeforeAt(person.email)}</span>
                      </a>
                    </li>
                  )}
                  {person.linkedin && (
                    <li>
                      <ExternalLink href={person.linkedin}>{labels.linkedinLabel}</ExternalLink>
                    </li>
                  )}
                  {person.liv && (
                    <li>
                      <ExternalLink href={person.liv}>{labels.livLabel}</ExternalLink>
                    </li>
                  )}
                </ul>
              )}
            </div>
          </article>
          <nav className={styles.nav} aria-label={labels.navLabel}>
            {previous && (
              <a
                href={`/who-we-are/${previous.id}${search}`}
                className={styles.previous}
                onClick={step("previous", previous.id)}
              >
                <span aria-hidden="true" className={styles.arrow}>
                  ←
                </span>
                <span>
                  {labels.previousLabel}
                  <span className={styles.neighbour}>{previous.name}</span>
                </span>
              </a>
            )}
            {next && (
              <a
                href={`/who-we-are/${next.id}${search}`}
                className={styles.next}
                onClick={step("next", next.id)}
              >
                <span>
                  {labels.nextLabel}
                  <span className={styles.neighbour}>{next.name}</span>
                </span>
                <span aria-hidden="true" className={styles.arrow}>
                  →
                </span>
              </a>
            )}
          </nav>
        </div>
      )}
    </Modal>
  );
}
