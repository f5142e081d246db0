import type { Route } from "./+types/who-we-are.$id";
import { NotFound } from "~/components/NotFound";
import { notFoundMeta, recordPageMeta } from "~/lib/page-meta";
import { findEmployee } from "~/lib/people";

export function meta({ params }: Route.MetaArgs) {
  const employee = findEmployee(params.id);
  if (!employee) return notFoundMeta();
  return recordPageMeta(
    `/who-we-are/${employee.id}`,
    `${employee.name}, ${employee.teamShown || employee.team.join(", ")}`,
    employee.description.slice(0, 160),
  );
}

export default function EmployeeRoute({ params }: Route.ComponentProps) {
  const employee = findEmployee(params.id);
  if (!employee) return <NotFound />;
  return (
    <section className="container" aria-labelledby="employee-name">
      <h2 id="employee-name">{employee.name}</h2>
      <p>{employee.description}</p>
    </section>
  );
}
