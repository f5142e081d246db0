// bin/site started with the GitHub backend (CMS_GITHUB_*), as in production,
// for the specs of the editor on the site (editor-*.spec.ts), on a port of its
// own: E2E_PORT + offset when the suite's port is set, else any free one.
// GitHub itself is the fake of ./github-fake.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

function freePort(offset: number): Promise<number> {
  if (process.env.E2E_PORT) return Promise.resolve(Number(process.env.E2E_PORT) + offset);
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

export interface GitHubSite {
  origin: string;
  stop(): void;
}

/** Starts bin/site (or SITE_BIN) with the editor's GitHub backend and waits until it is ready. */
export async function startGitHubSite(root: string, portOffset: number): Promise<GitHubSite> {
  const port = await freePort(portOffset);
  const dataDir = mkdtempSync(join(tmpdir(), "veldhaven-editor-github-"));
  const origin = `http://127.0.0.1:${port}`;
  const site: ChildProcess = spawn(
    process.env.SITE_BIN || join(root, "bin/site"),
    ["-addr", `127.0.0.1:${port}`, "-data-dir", dataDir],
    {
      env: {
        PATH: process.env.PATH ?? "",
        LOG_LEVEL: "warn",
        SITE_URL: "https://www.veldhaven.eu",
        CMS_GITHUB_CLIENT_ID: "Iv1.0000000000000000",
        CMS_GITHUB_CLIENT_SECRET: "not-a-real-secret",
        CMS_GITHUB_REPO: "veldhaven/site",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const stop = () => {
    site.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 100) {
      stop();
      throw new Error("bin/site did not become ready");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, stop };
}
