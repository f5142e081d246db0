import type { Route } from "./+types/careers.$slug";
import { NotFound } from "~/components/NotFound";
import { findVacancy } from "~/lib/careers";
import { notFoundMeta, recordPageMeta } from "~/lib/page-meta";

export function meta({ params }: Route.MetaArgs) {
  const vacancy = findVacancy(params.slug);
  if (!vacancy) return notFoundMeta();
  return recordPageMeta(
    `/careers/${vacancy.slug}`,
    `${vacancy.title}, ${vacancy.location}`,
    vacancy.headerText.slice(0, 160),
  );
}

export default function CareerDetail({ params }: Route.ComponentProps) {
  const vacancy = findVacancy(params.slug);
  if (!vacancy) return <NotFound />;
  return (
    <header className="container">
      <h1>{vacancy.title}</h1>
      <p>{vacancy.location}</p>
      <p>{vacancy.headerText}</p>
    </header>
  );
}
