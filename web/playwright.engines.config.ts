import { defineConfig } from "@playwright/test";
import type { Engine } from "./e2e/engines/driver";
import { siteServer } from "./playwright.server";

// The site in Firefox and WebKit (e2e/engines): the clients Playwright cannot
// download here are driven through e2e/engines/driver.ts, one engine per
// worker. Its own port, so that it can run beside the Chromium suite.
const port = Number(process.env.E2E_ENGINES_PORT || 4183);

export default defineConfig<object, { engine: Engine }>({
  testDir: "e2e/engines",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: { baseURL: `http://127.0.0.1:${port}` },
  projects: [
    { name: "firefox", use: { engine: "firefox" } },
    { name: "webkit", use: { engine: "webkit" } },
  ],
  webServer: siteServer(port),
});
