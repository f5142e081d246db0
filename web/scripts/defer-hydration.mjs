// Moves a prerendered page's JavaScript behind its first paint.
//
// React Router's prerendered pages name every module of the page as a
// <link rel="modulepreload"> in the head and start the app from an inline
// module script whose static imports are fetched as soon as it is parsed.
// On a phone on a slow network those 15-25 high-priority requests share the
// line with the page's largest image and delay what the visitor sees first,
// while the prerendered HTML already shows the whole page and its links work
// without JavaScript. So the page starts its JavaScript once it has loaded
// (the load event: HTML, CSS and the eager images are in) and has painted
// (the load event can come before the first paint): the bootstrap adds
// the modulepreloads then, all at once so the module graph arrives in one
// round of requests rather than one per import level, and imports the same
// modules in the same order React Router's own bootstrap does.

const modulepreload = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const bootstrap = /<script type="module" async="">([\s\S]*?)<\/script>/g;

const sideEffectImport = /^import "([^"]+)";$/;
const namespaceImport = /^import \* as (route\d+) from "([^"]+)";$/;
const routeModules = /^window\.__reactRouterRouteModules = (\{[^;]*\});$/;
const entryImport = /^import\("([^"]+)"\);$/;

/**
 * Reads React Router's bootstrap; throws on anything it does not know, so an
 * upgrade that changes the bootstrap fails the build instead of the site.
 * @param {string} body the inline module script
 */
export function parseBootstrap(body) {
  const parsed = { sideEffects: [], routes: [], routeModules: null, entry: null };
  for (const line of body.split("\n").map((l) => l.trim())) {
    let m;
    if (line === "") continue;
    else if ((m = line.match(sideEffectImport))) parsed.sideEffects.push(m[1]);
    else if ((m = line.match(namespaceImport))) parsed.routes.push({ name: m[1], href: m[2] });
    else if ((m = line.match(routeModules)) && !parsed.routeModules) parsed.routeModules = m[1];
    else if ((m = line.match(entryImport)) && !parsed.entry) parsed.entry = m[1];
    else throw new Error(`unexpected statement in React Router's bootstrap: ${line}`);
  }
  if (!parsed.entry || !parsed.routeModules) {
    throw new Error("React Router's bootstrap has no route modules or no entry import");
  }
  for (const { name } of parsed.routes) {
    if (!new RegExp(`\\b${name}\\b`).test(parsed.routeModules)) {
      throw new Error(`React Router's bootstrap imports ${name} but never uses it`);
    }
  }
  return parsed;
}

/** The deferred bootstrap: same imports, same order, after the load event. */
export function deferredBootstrap({ sideEffects, routes, routeModules, entry }, preloads) {
  const json = JSON.stringify;
  return [
    "let started = false;",
    "const start = async () => {",
    "  if (started) return;",
    "  started = true;",
    `  for (const href of ${json(preloads)}) {`,
    '    const link = document.createElement("link");',
    '    link.rel = "modulepreload";',
    "    link.href = href;",
    "    document.head.append(link);",
    "  }",
    ...sideEffects.map((href) => `  await import(${json(href)});`),
    ...routes.map(({ name, href }) => `  const ${name} = await import(${json(href)});`),
    `  window.__reactRouterRouteModules = ${routeModules};`,
    `  await import(${json(entry)});`,
    "};",
    // After the first contentful paint, as the browser reports it; where it
    // does not (no Paint Timing), at once. No timers: a page whose clock is
    // paused (tests) or throttled (background tabs) still starts.
    "const afterFirstPaint = () => {",
    '  const types = typeof PerformanceObserver === "undefined" ? [] : PerformanceObserver.supportedEntryTypes ?? [];',
    '  if (!types.includes("paint")) return start();',
    "  const observer = new PerformanceObserver((list) => {",
    '    if (list.getEntriesByName("first-contentful-paint").length === 0) return;',
    "    observer.disconnect();",
    "    start();",
    "  });",
    '  observer.observe({ type: "paint", buffered: true });',
    "};",
    'if (document.readyState === "complete") afterFirstPaint();',
    'else addEventListener("load", afterFirstPaint, { once: true });',
  ].join("\n");
}

/**
 * @param {string} html a prerendered page
 * @returns {{ html: string, deferred: boolean }}
 */
export function deferHydration(html) {
  const scripts = [...html.matchAll(bootstrap)];
  if (scripts.length === 0) return { html, deferred: false };
  if (scripts.length > 1) throw new Error("more than one React Router bootstrap script");
  const preloads = [...html.matchAll(modulepreload)].map((m) => m[1]);
  const parsed = parseBootstrap(scripts[0][1]);
  const out = html
    .replace(modulepreload, "")
    .replace(
      bootstrap,
      () => `<script type="module">${deferredBootstrap(parsed, preloads)}</script>`,
    );
  return { html: out, deferred: true };
}
