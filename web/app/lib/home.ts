// Typed access to content/home.json (validated at build against its schema and
// scripts/content-checks/screens.mjs), with the media it names.
import homeJson from "#content/home.json";
import homeMedia from "virtual:media/home.json";
import { registerMedia } from "./media";

registerMedia(homeMedia);

export const home = homeJson;
