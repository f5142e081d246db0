// @vitest-environment node
import { describe, expect, it } from "vitest";
import { deferHydration, parseBootstrap } from "./defer-hydration.mjs";

// The shape React Router 8 prerenders (see web/build/client/index.html).
const bootstrap = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/home-3.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-4.js");`;
const page =
  '<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-4.js"/><link rel="stylesheet" href="/a.css"/></head>' +
  "<body><h1>Hi</h1><script>window.__reactRouterContext = {};</script>" +
  `<script type="module" async="">${bootstrap}</script></body></html>`;

/**
 * Runs a deferred bootstrap with a recording import() and a fake document.
 * paint: "timing" (the browser reports paints: the first paint, then the
 * first contentful paint, are delivered after load) or "none" (no Paint Timing).
 */
async function run(script, readyState, paint = "timing") {
  const events = [];
  const head = { append: (link) => events.push(`preload ${link.href}`) };
  const win = {};
  let onLoad = null;
  let onPaint = null;
  class FakePerformanceObserver {
    static supportedEntryTypes = ["navigation", "paint"];
    constructor(callback) {
      onPaint = callback;
    }
    observe(options) {
      events.push(`observe ${options.type}`);
    }
    disconnect() {
      events.push("disconnect");
    }
  }
  const paintList = (name) => ({
    getEntriesByName: (n) => (n === name ? [{ name }] : []),
  });
  const env = {
    document: { readyState, head, createElement: () => ({}) },
    addEventListener: (type, fn) => {
      events.push(`listen ${type}`);
      onLoad = fn;
    },
    PerformanceObserver: paint === "timing" ? FakePerformanceObserver : undefined,
    window: win,
    importModule: async (href) => {
      events.push(`import ${href}`);
      return { href };
    },
  };
  const body = script.replace(/\bimport\(/g, "importModule(");
  const fn = new Function(...Object.keys(env), `return (async () => { ${body} })();`);
  await fn(...Object.values(env));
  if (onLoad) {
    events.push("load");
    onLoad();
  }
  if (onPaint) {
    for (const name of ["first-paint", "first-contentful-paint"]) {
      events.push(name);
      onPaint(paintList(name));
    }
  }
  await new Promise((r) => setImmediate(r));
  return { events, win };
}

describe("deferHydration", () => {
  it("removes the modulepreloads and the eager bootstrap, and keeps every other script", () => {
    const { html, deferred } = deferHydration(page);
    expect(deferred).toBe(true);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('async=""');
    expect(html).not.toMatch(/^import /m);
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(html).toContain('<link rel="stylesheet" href="/a.css"/>');
  });

  it.each(["loading", "interactive"])(
    "waits for the load event when the document is %s, then preloads and imports in React Router's order",
    async (readyState) => {
      const script = deferHydration(page).html.match(
        /<script type="module">([\s\S]*?)<\/script>/,
      )[1];
      const { events, win } = await run(script, readyState);
      expect(events).toEqual([
        "listen load",
        "load",
        "observe paint",
        "first-paint",
        "first-contentful-paint",
        "disconnect",
        "preload /assets/manifest-1.js",
        "preload /assets/entry.client-4.js",
        "import /assets/manifest-1.js",
        "import /assets/root-2.js",
        "import /assets/home-3.js",
        "import /assets/entry.client-4.js",
      ]);
      expect(win.__reactRouterRouteModules).toEqual({
        root: { href: "/assets/root-2.js" },
        "routes/home": { href: "/assets/home-3.js" },
      });
    },
  );

  it("does not wait for a load event that has passed, only for the first contentful paint", async () => {
    const script = deferHydration(page).html.match(/<script type="module">([\s\S]*?)<\/script>/)[1];
    const { events } = await run(script, "complete");
    expect(events.slice(0, 5)).toEqual([
      "observe paint",
      "first-paint",
      "first-contentful-paint",
      "disconnect",
      "preload /assets/manifest-1.js",
    ]);
    expect(events).not.toContain("listen load");
  });

  it("starts right after load where the browser has no Paint Timing", async () => {
    const script = deferHydration(page).html.match(/<script type="module">([\s\S]*?)<\/script>/)[1];
    const { events } = await run(script, "loading", "none");
    expect(events.slice(0, 3)).toEqual(["listen load", "load", "preload /assets/manifest-1.js"]);
    expect(events).toContain("import /assets/entry.client-4.js");
  });

  it("leaves a page without a bootstrap unchanged", () => {
    const bare = "<html><body><script>x()</script></body></html>";
    expect(deferHydration(bare)).toEqual({ html: bare, deferred: false });
  });
});

describe("parseBootstrap", () => {
  it.each([
    ["an unknown statement", `${bootstrap}\nwindow.evil = 1;`, /unexpected statement/],
    ["no entry import", bootstrap.replace(/import\(.*\);/, ""), /no entry import/],
    [
      "a route import the route map does not use",
      bootstrap.replace('"routes/home":route1', ""),
      /imports route1 but never uses it/,
    ],
  ])("refuses %s, so a changed React Router fails the build", (_, body, reason) => {
    expect(() => parseBootstrap(body)).toThrow(reason);
  });
});
