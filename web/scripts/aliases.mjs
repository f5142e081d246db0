import { fileURLToPath } from "node:url";

// One place for import aliases, shared by Vite, Vitest and TypeScript (tsconfig paths).
export const aliases = {
  "~": fileURLToPath(new URL("../app", import.meta.url)),
  "@/generated": fileURLToPath(new URL("../app/generated", import.meta.url)),
  "@": fileURLToPath(new URL("../src", import.meta.url)),
  "#content": fileURLToPath(new URL("../../content", import.meta.url)),
};
