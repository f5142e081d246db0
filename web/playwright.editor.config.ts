import { defineConfig, devices } from "@playwright/test";
import { makeSandbox } from "./e2e-editor/sandbox";
import { chromiumFlags, systemChromium } from "./lib/chromium.mjs";

// The editor against `make edit`, in a copy of the repository made
// once by the runner (workers inherit EDITOR_SANDBOX) and removed after the run
// (e2e-editor/teardown.ts). KEEP_EDITOR_SANDBOX=1 keeps it to look at what the
// editor wrote; EDITOR_SANDBOX=<dir> runs in a copy made beforehand (kept).
if (!process.env.EDITOR_SANDBOX) {
  process.env.EDITOR_SANDBOX = makeSandbox();
  process.env.EDITOR_SANDBOX_MADE = "1";
}
const sandbox = process.env.EDITOR_SANDBOX;
const editPort = Number(process.env.EDIT_PORT || 18080);
const decapPort = Number(process.env.DECAP_PORT || 18081);

export default defineConfig({
  testDir: "e2e-editor",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  reporter: [["list"]],
  globalTeardown: "./e2e-editor/teardown.ts",
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${editPort}`,
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 900 },
    launchOptions: { executablePath: systemChromium(), args: [...chromiumFlags, "--disable-quic"] },
  },
  webServer: {
    command: `make -C ${sandbox} edit`,
    url: `http://127.0.0.1:${editPort}/healthz`,
    reuseExistingServer: false,
    // make edit builds the site first (media cached).
    timeout: 600_000,
    env: { EDIT_PORT: String(editPort), DECAP_PORT: String(decapPort), LOG_LEVEL: "warn" },
  },
});
