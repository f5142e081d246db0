import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { aliases } from "./scripts/aliases.mjs";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: aliases },
  build: {
    // Hashed file names are what lets the server cache assets for a year.
    assetsInlineLimit: 0,
  },
});
