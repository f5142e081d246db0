// Typed access to the content of the six content screens. The files are
// validated against content/schema/*.schema.json before every build, so the
// types TypeScript infers from the JSON describe well-formed data.
import homeJson from "#content/home.json";
import whatWeDoJson from "#content/what-we-do.json";
import charityJson from "#content/charity.json";
import governanceJson from "#content/governance.json";
import contactJson from "#content/contact.json";
import privacyJson from "#content/privacy.json";
import { site, type Office } from "./content";

export const home = homeJson;
export const whatWeDo = whatWeDoJson;
export const charity = charityJson;
export const governance = governanceJson;
export const contact = contactJson;
export const privacy = privacyJson;

export type Partner = (typeof charityJson.partners)[number];
export type VideoRef = typeof charityJson.foundation.video;
export type DownloadList = typeof charityJson.downloads;
export type TitledItem = { title: string; text: string };

/** The office with that id from content/site.json; throws for an unknown id (fails the build). */
export function office(id: string): Office {
  const found = site.offices.find((o) => o.id === id);
  if (!found) throw new Error(`content: no office "${id}" in site.json`);
  return found;
}
