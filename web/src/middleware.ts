// Runs for every page as Astro prerenders it (and in `astro dev`).
import { defineMiddleware } from "astro:middleware";
import { ISLAND_STYLES } from "astro/runtime/server/astro-island-styles.js";
import { hoistIslandStyle } from "@/lib/island-style";

/** Astro's island <style> goes into <head>, where HTML allows it (lib/island-style). */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = await response.text();
  return new Response(hoistIslandStyle(html, ISLAND_STYLES), response);
});
