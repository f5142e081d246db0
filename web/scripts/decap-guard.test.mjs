import { describe, expect, it } from "vitest";
import { editorOrigins, guardDecision, guardMiddleware, logValue } from "./decap-guard.mjs";

const config = { port: 8081, editorOrigins: editorOrigins(8080) };

describe("guardDecision", () => {
  it.each([
    [{ host: "127.0.0.1:8081" }, true],
    [{ host: "localhost:8081" }, true],
    [{ host: "LOCALHOST:8081" }, true],
    [{ host: "127.0.0.1:8081", origin: "http://localhost:8080" }, true],
    [{ host: "localhost:8081", origin: "http://127.0.0.1:8080" }, true],
    // DNS rebinding: the page's own name as Host and Origin.
    [{ host: "evil.example:8081", origin: "http://evil.example:8081" }, false],
    [{ host: "evil.example:8081" }, false],
    [{ host: "127.0.0.1.evil.example:8081" }, false],
    [{ host: "127.0.0.1:8081", origin: "http://evil.example:8081" }, false],
    [{ host: "127.0.0.1:8081", origin: "null" }, false],
    [{ host: "127.0.0.1:8081", origin: "http://localhost:8081" }, false],
    [{ host: "127.0.0.1:8081", origin: "https://localhost:8080" }, false],
    [{ host: "127.0.0.1:8081", origin: "http://localhost:8080/" }, false],
    [{ host: "127.0.0.1" }, false],
    [{ host: "127.0.0.1:8082" }, false],
    [{ host: "[::1]:8081" }, false],
    [{}, false],
    [{ host: "" }, false],
  ])("%o allowed: %s", (headers, ok) => {
    expect(guardDecision(headers, config).ok).toBe(ok);
  });
});

describe("guardMiddleware", () => {
  function run(headers) {
    const lines = [];
    const res = {
      statusCode: 200,
      headers: {},
      body: "",
      setHeader(k, v) {
        this.headers[k.toLowerCase()] = v;
      },
      end(b) {
        this.body = b;
      },
    };
    let passed = false;
    guardMiddleware(config, (l) => lines.push(l))(
      { method: "POST", url: "/api/v1", headers },
      res,
      () => {
        passed = true;
      },
    );
    return { lines, res, passed };
  }

  it("passes the editor's requests on without a log line", () => {
    const { lines, passed } = run({ host: "127.0.0.1:8081", origin: "http://localhost:8080" });
    expect(passed).toBe(true);
    expect(lines).toEqual([]);
  });

  it("answers anything else 403 with a log line naming why", () => {
    const { lines, res, passed } = run({
      host: "evil.example:8081",
      origin: "http://evil.example:8081",
    });
    expect(passed).toBe(false);
    expect(res.statusCode).toBe(403);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(lines).toEqual([
      'decap-guard: refused "POST" "/api/v1": Host "evil.example:8081" is not this machine\'s backend',
    ]);
  });
});

describe("logValue", () => {
  it("quotes, escapes control characters and clips to 100 characters", () => {
    expect(logValue("a\nb")).toBe('"a\\nb"');
    expect(logValue("x".repeat(500))).toBe(JSON.stringify(`${"x".repeat(100)}…`));
  });
});
