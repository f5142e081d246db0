// The entries of content/people/, careers/ and charity/ as Vite bundles them
// (import.meta.glob, vacancies' Markdown rendered by lib/safe-html.mjs's
// plugin): what the unit tests read. The site's pages read the same files through Astro's
// content collections (./entries.ts), in the same order.
import type { Partner as PartnerEntry, Person, VacancyEntry } from "@/generated/content-entries";
import type { CareersContent } from "./careers";
import type { Charity } from "./charity";
import { inOrder } from "./content";
import type { Employee } from "./people";
import careersJson from "#content/careers.json";
import charityJson from "#content/charity.json";

const glob = <T extends { order: number }>(files: Record<string, T>) =>
  inOrder(Object.values(files));

export const employees: Employee[] = glob(
  import.meta.glob<Person>("../../../content/people/*.json", { eager: true, import: "default" }),
);

export const careers: CareersContent = {
  ...careersJson,
  vacancies: glob(
    import.meta.glob<VacancyEntry>("../../../content/careers/*.json", {
      eager: true,
      import: "default",
    }),
  ),
};

export const charity: Charity = {
  ...charityJson,
  partners: glob(
    import.meta.glob<PartnerEntry>("../../../content/charity/*.json", {
      eager: true,
      import: "default",
    }),
  ),
};
