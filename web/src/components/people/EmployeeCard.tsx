import { Link } from "react-router";
import { ResponsiveArtImage } from "@/components/ResponsiveImage";
import { teamLine } from "@/lib/directory";
import type { DirectoryEmployee } from "@/lib/people";
import styles from "./EmployeeCard.module.css";

/** Id of a card's link, so focus can return to it when the popup closes. */
export const cardId = (id: number) => `person-${id}`;

/** One person in the directory: opens the popup without moving the page. */
export function EmployeeCard({
  employee,
  search,
}: {
  employee: DirectoryEmployee;
  search: string;
}) {
  return (
    <Link
      id={cardId(employee.id)}
      to={`/who-we-are/${employee.id}${search}`}
      preventScrollReset
      className={styles.card}
    >
      <span className={styles.photo}>
        <ResponsiveArtImage
          mobile={employee.imageMobile}
          tablet={employee.image}
          desktop={employee.image}
          alt=""
          sizes={{ mobile: "50vw", tablet: "33vw", desktop: "300px" }}
          cover
        />
      </span>
      <span className={styles.name}>{employee.name}</span>
      <span className={styles.team}>{teamLine(employee)}</span>
      <span className={styles.location}>{employee.location}</span>
    </Link>
  );
}
