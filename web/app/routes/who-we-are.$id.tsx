import type { Route } from "./+types/who-we-are.$id";
import { EmployeePopup } from "~/components/people/EmployeePopup";
import { teamLine } from "~/lib/directory";
import { notFoundMeta, recordPageMeta } from "~/lib/page-meta";
import { findEmployee } from "~/lib/employees";

export function meta({ params }: Route.MetaArgs) {
  const employee = findEmployee(params.id);
  if (!employee) return notFoundMeta();
  return recordPageMeta(
    `/who-we-are/${employee.id}`,
    `${employee.name}, ${teamLine(employee)}`,
    employee.description,
  );
}

/** The employee popup over the directory; an unknown id is the parent's 404. */
export default function EmployeeRoute({ params }: Route.ComponentProps) {
  const employee = findEmployee(params.id);
  return employee ? <EmployeePopup employee={employee} /> : null;
}
