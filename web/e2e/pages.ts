// The pages under test: exactly the ones the build prerenders.
import { notFoundPath, prerenderPaths } from "../lib/paths.mjs";

export const pages: string[] = prerenderPaths().filter((p: string) => p !== notFoundPath);

const employeePage = /^\/who-we-are\/\d+$/;

/**
 * The pages opened in a browser (hydration, axe): every page except that of
 * the ~60 employee pages, which differ only in data, just the first and the
 * last are. Every page's HTML is still checked (see shell.spec.ts).
 */
export const browserPages: string[] = (() => {
  const employees = pages.filter((p) => employeePage.test(p));
  const sampled = new Set([employees[0], employees[employees.length - 1]]);
  return pages.filter((p) => !employeePage.test(p) || sampled.has(p));
})();

/** Unknown URLs under every route pattern: static, dynamic, nested, odd. */
export const unknownPaths = [
  "/does-not-exist",
  "/careers/does-not-exist",
  "/who-we-are/999999",
  "/who-we-are/not-a-number",
  "/what-we-do/extra/segments",
  "/404",
];
