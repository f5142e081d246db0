import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { aliases } from "./scripts/aliases.mjs";
import { contentMediaPlugin } from "./scripts/content-media.mjs";
import { sanitizeContentPlugin } from "./scripts/safe-html.mjs";

export default defineConfig({
  // Content HTML is sanitised as it is bundled: no sanitiser ships to the browser.
  plugins: [sanitizeContentPlugin(), contentMediaPlugin(), reactRouter()],
  resolve: { alias: aliases },
  // Canonical links need the public origin at build time: SITE_URL, else content/site.json.
  define: { "import.meta.env.VITE_SITE_URL": JSON.stringify(process.env.SITE_URL ?? "") },
  build: {
    // Hashed file names are what lets the server cache assets for a year.
    assetsInlineLimit: 0,
  },
});
