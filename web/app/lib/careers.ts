// Job openings: typed access to content/careers.json.
import careersJson from "#content/careers.json";

export interface Vacancy {
  slug: string;
  title: string;
  location: string;
  headerText: string;
}

export const vacancies: Vacancy[] = careersJson.vacancies;

export function findVacancy(slug: string | undefined): Vacancy | undefined {
  return vacancies.find((v) => v.slug === slug);
}
