// Removes the sandbox the run made (playwright.editor.config.ts), unless told
// to keep it for a look at what the editor wrote (KEEP_EDITOR_SANDBOX=1). A
// sandbox given in EDITOR_SANDBOX by the caller is the caller's: it stays.
import { rmSync } from "node:fs";

export default function removeSandbox() {
  const root = process.env.EDITOR_SANDBOX;
  if (!root || process.env.EDITOR_SANDBOX_MADE !== "1") return;
  if (process.env.KEEP_EDITOR_SANDBOX === "1") {
    console.log(`Editor sandbox kept: ${root}`);
    return;
  }
  rmSync(root, { recursive: true, force: true });
}
