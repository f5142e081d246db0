// The site: static pages prerendered by Astro from content/, React components
// rendered to HTML at build, and hydrated only where a page shell says so
// (client:visible, client:idle, client:media, and the site's own
// client:interaction). bin/site embeds the output.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import { aliases } from "./lib/aliases.mjs";
import { inlineHashes } from "./lib/inline-hashes.mjs";

/**
 * client:interaction: hydrate an island on the visitor's first interaction
 * with it, and give that interaction to it (src/lib/on-interaction.ts).
 * @type {import("astro").AstroIntegration}
 */
const onInteraction = {
  name: "veldhaven:client-interaction",
  hooks: {
    "astro:config:setup": ({ addClientDirective }) => {
      addClientDirective({
        name: "interaction",
        entrypoint: fileURLToPath(new URL("./src/lib/on-interaction.ts", import.meta.url)),
      });
    },
  },
};

const site = JSON.parse(readFileSync(new URL("../content/site.json", import.meta.url), "utf8"));

export default defineConfig({
  // The public origin for canonical links: SITE_URL at build time, else content/site.json.
  site: process.env.SITE_URL || site.url,
  srcDir: "src",
  outDir: "dist",
  // Pages are x/index.html, served at /x: the server redirects /x/ to /x.
  trailingSlash: "never",
  build: {
    format: "directory",
    // Each page's CSS is inlined: the first paint needs the HTML alone. Astro
    // hashes every inline <style> into the page's style-src.
    inlineStylesheets: "always",
  },
  compressHTML: true,
  devToolbar: { enabled: false },
  // At build, Astro hashes the scripts and styles it emits and those
  // components declare (src/lib/csp.ts); inlineHashes turns that on and hands
  // each page's list to bin/site, which allows that inline code and no other
  // (lib/inline-hashes.mjs).
  integrations: [react(), onInteraction, inlineHashes()],
  vite: {
    resolve: { alias: aliases },
    build: {
      // Hashed file names are what lets the server cache assets for a year.
      assetsInlineLimit: 0,
      // The browsers the CSS is written for (Vite's "baseline widely
      // available"). Astro builds for esnext, where the minifier merges
      // longhands into forms only Chromium reads: WebKit drops
      // `text-decoration: underline 1px` whole, underline and all.
      cssTarget: ["chrome111", "edge111", "firefox114", "safari16.4", "ios16.4"],
    },
  },
});
