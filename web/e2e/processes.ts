// Processes a spec starts itself (bin/site with settings of its own,
// cmd/fakelinkedin): waiting for them to answer, and stopping them.
import type { ChildProcess } from "node:child_process";

/** Waits until url answers 200 (the process is listening and ready). */
export async function waitUp(url: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops p with SIGTERM and waits until it has exited (its port is free again). */
export async function stopProcess(p: ChildProcess) {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise((done) => p.once("exit", done));
  p.kill();
  await exited;
}
