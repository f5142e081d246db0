import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { aliases } from "./lib/aliases.mjs";
import { sanitizeContentPlugin } from "./lib/safe-html.mjs";

// The unit tests: components and pure logic in jsdom, with the aliases and the
// content sanitiser of the Astro build (astro.config.mjs). Decap's core stands
// in for its running application (admin/decap-core.test-stand-in.ts).
export default defineConfig({
  plugins: [sanitizeContentPlugin()],
  resolve: { alias: aliases },
  test: {
    environment: "jsdom",
    include: [
      "src/**/*.test.{ts,tsx}",
      "lib/**/*.test.{js,mjs,ts}",
      "scripts/**/*.test.{js,mjs,ts}",
      "admin/**/*.test.{ts,tsx}",
    ],
    setupFiles: ["./vitest.setup.ts"],
    alias: [
      {
        find: /^decap-cms-core\/dist\/esm\/.+$/,
        replacement: fileURLToPath(new URL("./admin/decap-core.test-stand-in.ts", import.meta.url)),
      },
    ],
  },
});
