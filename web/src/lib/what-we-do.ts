// Typed access to content/what-we-do.json (validated at build against its schema and
// scripts/content-checks/screens.mjs), with the media it names.
import whatWeDoJson from "#content/what-we-do.json";

export const whatWeDo = whatWeDoJson;
