// The pages under test: exactly the ones the build prerenders.
import { notFoundPath, prerenderPaths } from "../scripts/paths.mjs";

export const pages: string[] = prerenderPaths().filter((p: string) => p !== notFoundPath);

/** Unknown URLs under every route pattern: static, dynamic, nested, odd. */
export const unknownPaths = [
  "/does-not-exist",
  "/careers/does-not-exist",
  "/who-we-are/999999",
  "/who-we-are/not-a-number",
  "/what-we-do/extra/segments",
  "/404",
];
