// The guard in front of Decap's local backend (`make edit`): it writes the
// working tree without signing in, so only the editor on this machine may
// talk to it. A web page elsewhere can reach a loopback port through DNS
// rebinding (its own name resolving to 127.0.0.1), and then the browser sends
// that name as Host and the page's origin as Origin: decap-server checks
// neither the Host nor a request without CORS. The guard accepts only Host
// 127.0.0.1:<port> or localhost:<port>, and an Origin, when there is one,
// that is one of the editor's own.

/**
 * @typedef {{ port: number, editorOrigins: string[] }} GuardConfig
 * @typedef {{ ok: true } | { ok: false, reason: string }} GuardDecision
 */

/**
 * Whether a request with these headers may reach the local backend.
 * @param {{ host?: string | string[], origin?: string | string[] }} headers Node's lower-cased request headers.
 * @param {GuardConfig} config
 * @returns {GuardDecision}
 */
export function guardDecision(headers, config) {
  const { host, origin } = headers;
  if (typeof host !== "string" || host === "") return { ok: false, reason: "no Host" };
  const allowedHosts = [`127.0.0.1:${config.port}`, `localhost:${config.port}`];
  if (!allowedHosts.includes(host.toLowerCase())) {
    return { ok: false, reason: `Host ${logValue(host)} is not this machine's backend` };
  }
  if (origin !== undefined) {
    if (typeof origin !== "string" || !config.editorOrigins.includes(origin)) {
      return { ok: false, reason: `Origin ${logValue(origin)} is not the editor's` };
    }
  }
  return { ok: true };
}

/**
 * The editor's origins for an editor on `editPort`: the two loopback names
 * `make edit` prints and serves on.
 * @param {number} editPort
 */
export function editorOrigins(editPort) {
  return [`http://localhost:${editPort}`, `http://127.0.0.1:${editPort}`];
}

/**
 * A header value as a log line may show it: quoted, control characters
 * escaped, at most 100 characters.
 * @param {unknown} value
 */
export function logValue(value) {
  const text = Array.isArray(value) ? value.join(", ") : String(value);
  const clipped = text.length > 100 ? `${text.slice(0, 100)}…` : text;
  return JSON.stringify(clipped);
}

/**
 * Connect-style middleware: refuses with 403 and a log line, else passes on.
 * @param {GuardConfig} config
 * @param {(line: string) => void} log
 */
export function guardMiddleware(config, log) {
  return (
    /** @type {import("node:http").IncomingMessage} */ req,
    /** @type {import("node:http").ServerResponse} */ res,
    /** @type {() => void} */ next,
  ) => {
    const decision = guardDecision(req.headers, config);
    if (decision.ok) {
      next();
      return;
    }
    log(`decap-guard: refused ${logValue(req.method)} ${logValue(req.url)}: ${decision.reason}`);
    res.statusCode = 403;
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.end(
      JSON.stringify({ error: "forbidden: only the editor on this machine may use this backend" }),
    );
  };
}
