// Typed access to content/home.json (validated at build against its schema and
// scripts/content-checks/screens.mjs), with the media it names.
import homeJson from "#content/home.json";

export const home = homeJson;
