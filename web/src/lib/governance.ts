// Typed access to content/governance.json (validated at build against its schema and
// scripts/content-checks/screens.mjs), with the media it names.
import governanceJson from "#content/governance.json";

export const governance = governanceJson;
