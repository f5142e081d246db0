// The list of every page the build prerenders. The Go server serves exactly
// these files; anything else is the prerendered 404 page.
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { contentDir } from "./content-dir.mjs";

/** Static pages: the route table of the specification. */
export const staticPaths = [
  "/",
  "/what-we-do",
  "/who-we-are",
  "/charity",
  "/latest-insights",
  "/governance",
  "/careers",
  "/contact",
  "/privacy-statement",
];

/** The concrete path the catch-all route is prerendered at; the server answers it with 404. */
export const notFoundPath = "/404";

function readList(file) {
  const path = join(contentDir, file);
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
}

/** Paths of the per-record pages, from the content files that define them. */
export function recordPaths() {
  const employees = readList("employees.json");
  const careers = readList("careers.json");
  return [
    ...(employees?.employees ?? []).map((e) => `/who-we-are/${e.id}`),
    ...(careers?.vacancies ?? []).map((v) => `/careers/${v.slug}`),
  ];
}

export function prerenderPaths() {
  return [...staticPaths, ...recordPaths(), notFoundPath];
}
