import { Picture } from "@/components/Picture";
import { teamLine } from "@/lib/directory";
import { isPlainClick } from "@/lib/plain-click";
import type { PersonCard } from "@/lib/people";
import styles from "./EmployeeCard.module.css";

/** Id of a card's link, so focus can return to it when the popup closes. */
export const cardId = (id: number) => `person-${id}`;

/**
 * One person in the directory: a link to their page (/who-we-are/{id}), which
 * the directory turns into opening the popup over the page without moving it.
 */
export function EmployeeCard({
  person,
  href,
  onOpen,
}: {
  person: PersonCard;
  href: string;
  /** A plain click: open the popup instead of loading the page. */
  onOpen?: (id: number) => void;
}) {
  return (
    <a
      id={cardId(person.id)}
      href={href}
      className={styles.card}
      onClick={(event) => {
        if (!onOpen || !isPlainClick(event)) return;
        event.preventDefault();
        onOpen(person.id);
      }}
    >
      <span className={styles.photo}>
        <Picture
          image={person.image}
          alt=""
          sizes="(min-width: 1024px) 300px, (min-width: 768px) 33vw, 50vw"
          cover
        />
      </span>
      <span className={styles.name}>{person.name}</span>
      <span className={styles.team}>{teamLine(person)}</span>
      <span className={styles.location}>{person.location}</span>
    </a>
  );
}
