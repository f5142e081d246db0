import { defineConfig, devices } from "@playwright/test";
import { siteServer } from "./playwright.server";
import { chromiumFlags, systemChromium } from "./lib/chromium.mjs";

const port = Number(process.env.E2E_PORT || 4173);

export default defineConfig({
  testDir: "e2e",
  // Firefox and WebKit: playwright.engines.config.ts.
  testIgnore: /\/e2e\/engines\//,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: systemChromium(), args: [...chromiumFlags, "--disable-quic"] },
  },
  webServer: siteServer(port),
});
