import { describe, expect, it } from "vitest";
import {
  firstLoadScripts,
  mark,
  median,
  parseWrk,
  routeModules,
  staticImports,
  table,
} from "./lib.mjs";

describe("median", () => {
  it.each([
    [[], null],
    [[3], 3],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[null, 5, undefined, NaN, 1], 3],
  ])("of %j is %j", (xs, want) => {
    expect(median(xs)).toBe(want);
  });
});

describe("firstLoadScripts", () => {
  it("collects modulepreloads, script srcs and inline module imports once each", () => {
    const html =
      '<link rel="modulepreload" href="/assets/entry.client-AAAA.js"/>' +
      '<link rel="stylesheet" href="/assets/root-BBBB.css"/>' +
      '<link rel="icon" href="/assets/mark.svg"/>' +
      '<script type="module" src="/assets/app-CCCC.js"></script>' +
      '<script type="module" async="">import "/assets/manifest-DDDD.js";\n' +
      'import * as route0 from "/assets/root-EEEE.js";\nimport("/assets/lazy-FFFF.js");</script>' +
      '<link rel="modulepreload" href="/assets/entry.client-AAAA.js"/>' +
      '<script src="https://cdn.example/x.js"></script>';
    expect(firstLoadScripts(html)).toEqual([
      "/assets/app-CCCC.js",
      "/assets/entry.client-AAAA.js",
      "/assets/lazy-FFFF.js",
      "/assets/manifest-DDDD.js",
      "/assets/root-EEEE.js",
    ]);
  });
});

describe("firstLoadScripts with the deferred bootstrap", () => {
  const html =
    '<script type="module">const start = async () => {\n' +
    '  for (const href of ["/assets/manifest-A.js","/assets/entry.client-B.js"]) {}\n' +
    '  await import("/assets/manifest-A.js");\n  const route0 = await import("/assets/root-C.js");\n' +
    "};</script>";
  const sources = {
    "/assets/root-C.js": 'import{t as e}from"./jsx-runtime-D.js";import"./Footer-E.js";',
    "/assets/Footer-E.js": 'export*from"./links-F.js";const x=()=>import("./lazy-G.js");',
    "/assets/entry.client-B.js": 'import{a}from"./jsx-runtime-D.js";',
  };
  it("counts the preloaded modules and everything they import statically, not lazy imports", () => {
    expect(firstLoadScripts(html, (p) => sources[p] ?? null)).toEqual([
      "/assets/Footer-E.js",
      "/assets/entry.client-B.js",
      "/assets/jsx-runtime-D.js",
      "/assets/links-F.js",
      "/assets/manifest-A.js",
      "/assets/root-C.js",
    ]);
  });
});

describe("staticImports", () => {
  it.each([
    ['import"./a-1.js";', ["a-1.js"]],
    ['import{x as y}from"./b-2.js";', ["b-2.js"]],
    ['import * as ns from "./c-3.js";', ["c-3.js"]],
    ['export{q}from"./d-4.js";', ["d-4.js"]],
    ['const l=()=>import("./lazy-5.js");', []],
    ['import("./lazy-6.js").then(f)', []],
  ])("reads %s", (src, want) => {
    expect(staticImports(src)).toEqual(want);
  });
});

describe("routeModules", () => {
  it("reads the routes of a React Router manifest file", () => {
    const src =
      'window.__reactRouterManifest={"entry":{"module":"/assets/entry.js"},"routes":{' +
      '"root":{"id":"root","module":"/assets/root-A.js"},"routes/home":{"id":"routes/home","module":"/assets/home-B.js"}}};';
    expect(routeModules(src)).toEqual([
      { id: "root", module: "/assets/root-A.js" },
      { id: "routes/home", module: "/assets/home-B.js" },
    ]);
  });
  it("returns nothing for a file it cannot read", () => {
    expect(routeModules("export default 1")).toEqual([]);
  });
});

describe("parseWrk", () => {
  it("turns the report.lua line into requests/s and milliseconds", () => {
    const out =
      "Running 10s test\nBENCH " +
      '{"requests":200000,"duration_us":10000000,"bytes":500000000,"p50_us":800,"p90_us":1500,"p99_us":4200,"max_us":9000,"non_2xx_3xx":0,"socket_errors":2}\n';
    expect(parseWrk(out)).toEqual({
      requests: 200000,
      rps: 20000,
      p50: 0.8,
      p90: 1.5,
      p99: 4.2,
      max: 9,
      mbps: 50,
      non2xx3xx: 0,
      socketErrors: 2,
    });
  });
  it("is null without the line", () => {
    expect(parseWrk("unable to connect")).toBeNull();
  });
});

describe("table and mark", () => {
  it("aligns columns and right-aligns the marked ones", () => {
    expect(
      table(
        ["name", ">n"],
        [
          ["a", 1],
          ["bbbb", null],
        ],
      ),
    ).toBe(["| name |   n |", "|------|----:|", "| a    |   1 |", "| bbbb |   – |"].join("\n"));
  });
  it("marks a missing figure as unknown", () => {
    expect(mark(null, () => true)).toBe("?");
    expect(mark(3, (v) => v <= 5)).toBe("ok");
    expect(mark(6, (v) => v <= 5)).toBe("MISS");
  });
});
