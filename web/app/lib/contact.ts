// Typed access to content/contact.json (validated at build against its schema and
// scripts/content-checks/screens.mjs), with the media it names.
import contactJson from "#content/contact.json";
import contactMedia from "virtual:media/contact.json";
import { registerMedia } from "./media";

registerMedia(contactMedia);

export const contact = contactJson;
