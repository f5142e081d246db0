// A web page elsewhere drives `make edit`'s local
// backend through DNS rebinding (its own name resolving to 127.0.0.1), so the
// browser sends that name as Host and the page's origin as Origin. These are
// those requests, sent straight to the backend `make edit` started on
// DECAP_PORT: every one is refused with 403, and the files stay as they were.
import { request as httpRequest } from "node:http";
import { readFileSync, statSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { inSandbox } from "./editor";

const decapPort = Number(process.env.DECAP_PORT || 18081);
const editPort = Number(process.env.EDIT_PORT || 18080);
const outside = `evil.example:${decapPort}`;

/** POSTs one backend action with exactly these Host and Origin headers. */
function post(
  body: unknown,
  headers: { host: string; origin?: string },
): Promise<{ status: number; text: string }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: decapPort,
        path: "/api/v1",
        method: "POST",
        setHost: false,
        headers: {
          Host: headers.host,
          ...(headers.origin ? { Origin: headers.origin } : {}),
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(data),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

const readMakefile = { action: "getEntry", params: { branch: "main", path: "Makefile" } };
const writeMakefile = {
  action: "persistEntry",
  params: {
    branch: "main",
    entry: { slug: "x", path: "Makefile", raw: "all:\n\ttouch /tmp/pwned\n" },
    assets: [],
    options: { commitMessage: "x", collectionName: "x", useWorkflow: false, status: "" },
  },
};
const writeScript = {
  action: "persistMedia",
  params: {
    branch: "main",
    asset: {
      path: "scripts/edit.sh",
      content: Buffer.from("#!/bin/sh\ntouch /tmp/pwned\n").toString("base64"),
      encoding: "base64",
    },
    options: { commitMessage: "x" },
  },
};

const attacks: { name: string; host: string; origin?: string }[] = [
  { name: "Host and Origin of an outside name", host: outside, origin: `http://${outside}` },
  { name: "Host of an outside name, no Origin", host: outside },
  {
    name: "this machine's Host, an outside Origin",
    host: `127.0.0.1:${decapPort}`,
    origin: `http://${outside}`,
  },
  {
    name: "this machine's Host, Origin of the backend's own port",
    host: `localhost:${decapPort}`,
    origin: `http://localhost:${decapPort}`,
  },
];

test.describe("the local backend answers only the editor on this machine", () => {
  for (const attack of attacks) {
    test(attack.name, async () => {
      const makefile = readFileSync(inSandbox("Makefile"), "utf8");
      const script = readFileSync(inSandbox("scripts/edit.sh"), "utf8");
      const scriptMode = statSync(inSandbox("scripts/edit.sh")).mode;

      const read = await post(readMakefile, attack);
      expect(read.status).toBe(403);
      expect(read.text).not.toContain(".DEFAULT_GOAL");
      expect((await post(writeMakefile, attack)).status).toBe(403);
      expect((await post(writeScript, attack)).status).toBe(403);

      expect(readFileSync(inSandbox("Makefile"), "utf8")).toBe(makefile);
      expect(readFileSync(inSandbox("scripts/edit.sh"), "utf8")).toBe(script);
      expect(statSync(inSandbox("scripts/edit.sh")).mode).toBe(scriptMode);
    });
  }

  test("the same read from the editor's own origin works (the requests above are well formed)", async () => {
    for (const host of [`127.0.0.1:${decapPort}`, `localhost:${decapPort}`]) {
      for (const origin of [
        undefined,
        `http://localhost:${editPort}`,
        `http://127.0.0.1:${editPort}`,
      ]) {
        const read = await post(readMakefile, { host, origin });
        expect(read.status, `${host} ${origin}`).toBe(200);
        expect(read.text).toContain(".DEFAULT_GOAL");
      }
    }
  });
});
