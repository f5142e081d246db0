import { defineConfig } from "vitest/config";
import { aliases } from "./scripts/aliases.mjs";
import { sanitizeContentPlugin } from "./scripts/safe-html.mjs";

// The unit tests: components and pure logic in jsdom, with the aliases and the
// content sanitiser of the Astro build (astro.config.mjs).
export default defineConfig({
  plugins: [sanitizeContentPlugin()],
  resolve: { alias: aliases },
  test: {
    environment: "jsdom",
    include: [
      "src/**/*.test.{ts,tsx}",
      "scripts/**/*.test.{js,mjs,ts}",
      "admin/**/*.test.{ts,tsx}",
    ],
    setupFiles: ["./vitest.setup.ts"],
  },
});
