import { fileURLToPath } from "node:url";

/** Absolute path of the firm's content folder (the repository's content/). */
export const contentDir = fileURLToPath(new URL("../../content", import.meta.url));
