// What the content screens share. Each screen's copy has its own module
// (~/lib/home, ~/lib/what-we-do, ~/lib/charity, ~/lib/governance,
// ~/lib/contact, ~/lib/privacy), so a page loads only its own content.
import { site, type Office } from "./content";

export type TitledItem = { title: string; text: string };

/** The office with that id from content/site.json; throws for an unknown id (fails the build). */
export function office(id: string): Office {
  const found = site.offices.find((o) => o.id === id);
  if (!found) throw new Error(`content: no office "${id}" in site.json`);
  return found;
}
