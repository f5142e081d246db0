import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The site's suites run the real binary, with the embedded sample feed and a
// throwaway data folder. SITE_BIN and SITE_DIR (a build folder served with
// -site-dir) let a developer test a web build without relinking the binary.
export function siteServer(port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), "veldhaven-e2e-"));
  const siteDir = process.env.SITE_DIR ? ` -site-dir ${process.env.SITE_DIR}` : "";
  return {
    command: `${process.env.SITE_BIN || "../bin/site"} -addr 127.0.0.1:${port} -data-dir ${dataDir}${siteDir}`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 15_000,
    env: { LINKEDIN_ACCESS_TOKEN: "", LINKEDIN_ORGANIZATION_URN: "", LOG_LEVEL: "warn" },
  };
}
