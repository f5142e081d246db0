import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./scripts/paths.mjs";

// Every page is known at build time: prerender all of them to static HTML and
// let the Go server serve the files. No server-side rendering at run time.
export default {
  appDirectory: "app",
  ssr: false,
  prerender: () => prerenderPaths(),
} satisfies Config;
