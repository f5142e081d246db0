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
  environments: {
    client: {
      // React, React DOM and React Router (with what they import) in one
      // file: every page needs all of it, and as one gzip stream it is
      // 3.9 KB smaller than the six chunks the bundler cut it into, and
      // three fewer requests for the bootstrap to start on a phone.
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
                  priority: 20,
                },
              ],
            },
          },
        },
      },
    },
  },
});
