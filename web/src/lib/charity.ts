// Typed access to content/charity.json (validated at build against its schema and
// scripts/content-checks/screens.mjs), with the media it names.
import charityJson from "#content/charity.json";

export const charity = charityJson;

export type Partner = (typeof charityJson.partners)[number];
