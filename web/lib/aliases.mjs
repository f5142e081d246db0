import { fileURLToPath } from "node:url";

// One place for import aliases, shared by Astro, Vitest and TypeScript (tsconfig paths).
export const aliases = {
  "@": fileURLToPath(new URL("../src", import.meta.url)),
  "#content": fileURLToPath(new URL("../../content", import.meta.url)),
};
