// Typed access to content/contact.json (validated at build against its schema and
// scripts/content-checks/screens.mjs), with the media it names.
import contactJson from "#content/contact.json";

export const contact = contactJson;
