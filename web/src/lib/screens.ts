// The screens' content types: page shells (and the editor's preview) pass their parts as props.
import type contactJson from "#content/contact.json";
import type governanceJson from "#content/governance.json";
import type homeJson from "#content/home.json";
import type privacyJson from "#content/privacy.json";
import type whatWeDoJson from "#content/what-we-do.json";
import type { Office, Site } from "./content";

export type Home = typeof homeJson;
export type WhatWeDo = typeof whatWeDoJson;
export type Governance = typeof governanceJson;
export type Contact = typeof contactJson;
export type Privacy = typeof privacyJson;

export type TitledItem = { title: string; text: string };

/** The office with that id in site.json; throws for an unknown id (fails the build). */
export function office(site: Pick<Site, "offices">, id: string): Office {
  const found = site.offices.find((o) => o.id === id);
  if (!found) throw new Error(`content: no office "${id}" in site.json`);
  return found;
}
