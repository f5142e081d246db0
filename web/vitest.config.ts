import { defineConfig } from "vitest/config";
import { aliases } from "./scripts/aliases.mjs";
import { contentMediaPlugin } from "./scripts/content-media.mjs";
import { sanitizeContentPlugin } from "./scripts/safe-html.mjs";

// Kept apart from vite.config.ts: the React Router plugin does not load in Vitest.
export default defineConfig({
  plugins: [sanitizeContentPlugin(), contentMediaPlugin()],
  resolve: { alias: aliases },
  test: {
    environment: "jsdom",
    include: ["app/**/*.test.{ts,tsx}", "src/**/*.test.{ts,tsx}", "scripts/**/*.test.{js,mjs,ts}"],
    setupFiles: ["./vitest.setup.ts"],
  },
});
