// `make edit`'s local backend: Decap's own (decap-server's documented
// middlewares, which read and write the working tree), behind the guard of
// decap-guard.mjs, listening on 127.0.0.1 only.
//
//   GIT_REPO_DIRECTORY  the working tree (decap-server reads it)
//   DECAP_PORT          its port (8081)
//   EDIT_PORT           the editor's port: its origins are the only ones allowed
//   LOG_LEVEL           decap-server's log level (warn)
import { readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve, sep } from "node:path";
import { editorOrigins, guardMiddleware } from "./decap-guard.mjs";
import {
  contentStrings,
  mediaFiles,
  unusedMedia,
  removedEntryStrings,
  stringsIn,
} from "./unused-media-local.mjs";

const require = createRequire(import.meta.url);
// Express as decap-server has it: the app its middlewares are written for.
const express = createRequire(require.resolve("decap-server/package.json"))("express");
const { registerLocalFs } = require("decap-server/dist/middlewares");

const port = Number(process.env.DECAP_PORT || 8081);
const editPort = Number(process.env.EDIT_PORT || 8080);
for (const [name, value] of [
  ["DECAP_PORT", port],
  ["EDIT_PORT", editPort],
]) {
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`decap-local: ${name} must be a port number`);
    process.exit(1);
  }
}
if (!process.env.GIT_REPO_DIRECTORY) {
  console.error("decap-local: GIT_REPO_DIRECTORY must name the working tree");
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
// First, before decap-server's CORS and routes: nothing reaches them unchecked.
app.use(
  guardMiddleware({ port, editorOrigins: editorOrigins(editPort) }, (line) => console.error(line)),
);
// Parsed here with decap-server's own limit (it skips a body already parsed),
// so that a save's previous file can be read before decap-server writes it.
app.use(express.json({ limit: "50mb" }));
app.use(removeOrphanedMedia(process.env.GIT_REPO_DIRECTORY));
await registerLocalFs(app, { logLevel: process.env.LOG_LEVEL || "warn" });
/**
 * After a save or a deleted entry, deletes the uploads it left unused
 * (./unused-media-local.mjs).
 * @param {string} root the working tree
 */
function removeOrphanedMedia(root) {
  const content = resolve(root, "content") + sep;
  return (req, res, next) => {
    const { action, params } = req.body ?? {};
    if (req.method !== "POST" || (action !== "persistEntry" && action !== "deleteFiles"))
      return next();
    const files =
      action === "deleteFiles"
        ? (params?.paths ?? []).map((/** @type {unknown} */ path) => ({ path }))
        : (params?.dataFiles ?? [params?.entry]);
    /** @type {Set<string>} */
    const before = new Set();
    for (const file of files) {
      const path = typeof file?.path === "string" ? resolve(root, file.path) : "";
      if (!path.startsWith(content) || !path.endsWith(".json")) return next();
      try {
        const was = JSON.parse(readFileSync(path, "utf8"));
        // A deleted entry named all its strings; a save, those of the list
        // entries it removes (a person, a vacancy).
        if (action === "deleteFiles") stringsIn(was, before);
        else removedEntryStrings(was, JSON.parse(file.raw), before);
      } catch {
        // A new file, or one that did not parse: nothing it named is known.
      }
    }
    res.on("finish", () => {
      if (res.statusCode !== 200) return;
      const now = contentStrings(root);
      if (!now) return;
      for (const path of unusedMedia({ before, now, media: mediaFiles(root) })) {
        rmSync(resolve(root, path), { force: true });
        console.error(`decap-local: deleted ${path}: no content file uses it after this save`);
      }
    });
    next();
  };
}

const server = app.listen(port, "127.0.0.1", () => {
  console.error(
    `decap-local: the working tree's backend on http://127.0.0.1:${port}/api/v1 (editor at http://localhost:${editPort}/admin/)`,
  );
});
server.on("error", (err) => {
  console.error(`decap-local: ${err.message}`);
  process.exit(1);
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
