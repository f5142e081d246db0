import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, systemChromium } from "./scripts/chromium.mjs";

const chromePath = systemChromium();

const port = Number(process.env.E2E_PORT || 4173);
const dataDir = mkdtempSync(join(tmpdir(), "veldhaven-e2e-"));

export default defineConfig({
  testDir: "e2e",
  // Firefox and WebKit: playwright.engines.config.ts.
  testIgnore: /\/e2e\/engines\//,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: chromePath,
      args: [...chromiumFlags, "--disable-quic"],
    },
  },
  webServer: {
    // The real binary, with the embedded sample feed and a throwaway data dir.
    // SITE_BIN and SITE_DIR (a build folder served with -site-dir) let a
    // developer test a web build without relinking the binary.
    command: [
      process.env.SITE_BIN || "../bin/site",
      `-addr 127.0.0.1:${port} -data-dir ${dataDir}`,
      process.env.SITE_DIR ? `-site-dir ${process.env.SITE_DIR}` : "",
    ].join(" "),
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 15_000,
    env: { LINKEDIN_ACCESS_TOKEN: "", LINKEDIN_ORGANIZATION_URN: "", LOG_LEVEL: "warn" },
  },
});
