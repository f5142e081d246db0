// The list of every page the build prerenders. The Go server serves exactly
// these files; anything else is the prerendered 404 page.
import { readEntries } from "./content-dir.mjs";

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

/** Paths of the per-record pages, from the entries that define them (content/people/, careers/). */
export function recordPaths() {
  return [
    ...readEntries("people").map((e) => `/who-we-are/${e.id}`),
    ...readEntries("careers").map((v) => `/careers/${v.slug}`),
  ];
}

export function prerenderPaths() {
  return [...staticPaths, ...recordPaths(), notFoundPath];
}
