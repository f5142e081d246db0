import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ExternalLink } from "@/components/ExternalLink";
import { Modal } from "@/components/Modal";
import { ResponsiveImage } from "@/components/ResponsiveImage";
import { neighbours, teamLine } from "@/lib/directory";
import { employees } from "@/lib/employees";
import { people, type Employee } from "@/lib/people";
import { prefersReducedMotion } from "@/lib/use-media-query";
import styles from "./EmployeePopup.module.css";

/** How long the slide-out lasts before the URL changes (the CSS animations match). */
const LEAVE_MS = 200;

type Motion = "previous" | "next" | "close";

/**
 * The employee popup: a modal dialog over the directory. Previous and next walk
 * the stored list (hidden at its ends); close and Escape return to
 * /who-we-are with the directory's scroll position and filter kept. Each move
 * slides the current person out before the URL changes, and the new one in.
 */
export function EmployeePopup({ employee }: { employee: Employee }) {
  const labels = people.popup;
  const navigate = useNavigate();
  const { search, state } = useLocation();
  const [leaving, setLeaving] = useState<Motion | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { previous, next } = neighbours(employees, employee.id);
  const entered = (state as { enter?: Motion } | null)?.enter;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // A new person: the slide-in starts from the CSS; keep focus in the dialog
  // when the button that was used has gone (the ends of the list).
  useEffect(() => {
    setLeaving(null);
    const dialog = headingRef.current?.closest("dialog");
    if (dialog && !dialog.contains(document.activeElement)) headingRef.current?.focus();
  }, [employee.id]);

  function go(motion: Motion, to: string, replace: boolean) {
    if (leaving) return;
    const instant = window.matchMedia(prefersReducedMotion).matches;
    setLeaving(motion);
    timer.current = window.setTimeout(
      () =>
        navigate(to, {
          preventScrollReset: true,
          replace,
          state: motion === "close" ? null : { enter: motion },
        }),
      instant ? 0 : LEAVE_MS,
    );
  }

  const close = () => go("close", `/who-we-are${search}`, false);
  const step = (motion: "previous" | "next", to: Employee) => (event: MouseEvent) => {
    event.preventDefault();
    go(motion, `/who-we-are/${to.id}${search}`, true);
  };

  const headingId = "employee-popup-name";
  return (
    <Modal
      open
      onClose={close}
      labelledBy={headingId}
      closeLabel={labels.closeLabel}
      className={styles.dialog}
    >
      <div className={styles.frame} data-leaving={leaving ?? undefined}>
        <article
          key={employee.id}
          className={styles.person}
          data-enter={entered}
          data-leaving={leaving === "close" ? undefined : (leaving ?? undefined)}
        >
          <div className={styles.photo}>
            <ResponsiveImage
              name={employee.imageDesktop}
              alt=""
              sizes="(min-width: 768px) 340px, 100vw"
              cover
            />
          </div>
          <div className={styles.text}>
            <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.name}>
              {employee.name}
            </h2>
            <p className={styles.team}>{teamLine(employee)}</p>
            <p className={styles.location}>{employee.location}</p>
            <p className={styles.description}>{employee.description}</p>
            {(employee.email || employee.linkedin || employee.liv) && (
              <ul className={styles.links}>
                {employee.email && (
                  <li>
                    <a href={`mailto:${employee.email}`}>
                      {labels.emailLabel}
                      <span className={styles.detail}>{employee.email}</span>
                    </a>
                  </li>
                )}
                {employee.linkedin && (
                  <OutboundItem href={employee.linkedin} label={labels.linkedinLabel} />
                )}
                {employee.liv && <OutboundItem href={employee.liv} label={labels.livLabel} />}
              </ul>
            )}
          </div>
        </article>
        <nav className={styles.nav} aria-label={labels.navLabel}>
          {previous && (
            <Link
              to={`/who-we-are/${previous.id}${search}`}
              replace
              preventScrollReset
              className={styles.previous}
              onClick={step("previous", previous)}
            >
              <span aria-hidden="true" className={styles.arrow}>
                ←
              </span>
              <span>
                {labels.previousLabel}
                <span className={styles.neighbour}>{previous.name}</span>
              </span>
            </Link>
          )}
          {next && (
            <Link
              to={`/who-we-are/${next.id}${search}`}
              replace
              preventScrollReset
              className={styles.next}
              onClick={step("next", next)}
            >
              <span>
                {labels.nextLabel}
                <span className={styles.neighbour}>{next.name}</span>
              </span>
              <span aria-hidden="true" className={styles.arrow}>
                →
              </span>
            </Link>
          )}
        </nav>
      </div>
    </Modal>
  );
}

/** A link to another site, in a new tab, saying so to screen readers. */
function OutboundItem({ href, label }: { href: string; label: string }) {
  return (
    <li>
      <ExternalLink href={href}>{label}</ExternalLink>
    </li>
  );
}
