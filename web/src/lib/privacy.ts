// Typed access to content/privacy.json (validated at build against its schema
// and scripts/content-checks/screens.mjs). It names no media.
import privacyJson from "#content/privacy.json";

export const privacy = privacyJson;
