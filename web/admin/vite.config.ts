// The editor's own build, separate from the site's (astro build): Decap and the
// previews share no chunk with the site's pages, so /admin/ ships nothing to
// them. Runs after `astro build` and writes dist/admin/ (index.html, its assets,
// and config.json, the configuration generated from the content schemas that
// bin/site serves as /admin/config.yml with the backend of its deployment).
import { join } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { aliases } from "../lib/aliases.mjs";
import { sanitizeContentPlugin } from "../lib/safe-html.mjs";
import { editorConfig } from "./config.mjs";
import { readContentFiles, readSchemas } from "./read-schemas.mjs";

/** Emits config.json; a schema the generator cannot map fails the build, naming file and field. */
function editorConfigPlugin(): Plugin {
  return {
    name: "veldhaven-editor-config",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "config.json",
        source: JSON.stringify(editorConfig(readSchemas(), readContentFiles())),
      });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: "/admin/",
  plugins: [sanitizeContentPlugin(), editorConfigPlugin()],
  resolve: { alias: aliases },
  logLevel: "warn",
  build: {
    outDir: join(import.meta.dirname, "../dist/admin"),
    emptyOutDir: true,
    // Decap is one large application; its size is the editor's, not a page's.
    chunkSizeWarningLimit: 8000,
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // name.HASH.ext, as Astro names the site's bundles: bin/site caches
        // content-hashed names for a year.
        entryFileNames: "assets/[name].[hash].js",
        chunkFileNames: "assets/[name].[hash].js",
        assetFileNames: "assets/[name].[hash][extname]",
      },
      onwarn(warning, warn) {
        // Decap's dependencies carry "use client" directives and one eval;
        // neither is ours to change, and both are harmless in this bundle.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE" || warning.code === "EVAL") return;
        warn(warning);
      },
    },
  },
});
