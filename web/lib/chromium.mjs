// The system Chromium and the flags it runs with, shared by the e2e suite
// (playwright.config.ts) and make bench (scripts/bench.mjs).
import { existsSync } from "node:fs";

/** Headless, and nothing in the background that could add requests or CPU work. */
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Chromium from the system (design.md): CHROME_PATH, else Debian's package;
 * undefined when neither exists (scripts/ensure-chromium.sh has then fetched
 * Playwright's own).
 */
export function systemChromium() {
  return (
    process.env.CHROME_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined)
  );
}
