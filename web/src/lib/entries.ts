// The entries of content/people/, careers/ and charity/ in their stored order
// (each entry's `order`), as the page shells pass them on. Build-time only: it
// reads Astro's content collections (src/content.config.ts).
import { getCollection } from "astro:content";
import type { CareersContent } from "./careers";
import type { Charity } from "./charity";
import { inOrder } from "./content";
import type { Employee } from "./people";
import { renderVacancy } from "../../lib/safe-html.mjs";
import careersJson from "#content/careers.json";
import charityJson from "#content/charity.json";

/** The people directory, in its stored order. */
export async function employees(): Promise<Employee[]> {
  return inOrder((await getCollection("people")).map((entry) => entry.data));
}

/** content/careers.json with its vacancies, their Markdown rendered to sanitised HTML. */
export async function careers(): Promise<CareersContent> {
  return {
    ...careersJson,
    vacancies: inOrder((await getCollection("careers")).map((entry) => entry.data)).map(
      renderVacancy,
    ),
  };
}

/** content/charity.json with its partners. */
export async function charity(): Promise<Charity> {
  return {
    ...charityJson,
    partners: inOrder((await getCollection("charity")).map((entry) => entry.data)),
  };
}
