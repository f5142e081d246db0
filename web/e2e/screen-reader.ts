// What a screen-reader user hears, in e2e: @guidepup/virtual-screen-reader
// reads the page under test while Playwright drives it with the real keyboard.
//
// The site's Content-Security-Policy allows scripts from its own origin and
// the hashes of its own inline scripts, nothing else. So the reader's browser
// bundle is served from a same-origin address that only this test process
// answers (page.route fulfils it from node_modules; the request never reaches
// the site, which has no such route), and loaded with a dynamic import() from
// page.evaluate: an inline <script> (addScriptTag's `content`) would be refused.
//
// The virtual reader follows focus (it speaks what receives focus) and live
// regions (it speaks their changes, prefixed "polite:" or "assertive:"). It
// does not know the states Chromium works out for itself: whether a dialog is
// modal, what is inert behind it, or what the page's language is. For those,
// `axTree` reads Chromium's own accessibility tree. docs/accessibility.md
// explains how to read a transcript when a test fails.
import { createRequire } from "node:module";
import type { CDPSession, Page } from "@playwright/test";
import { escapeRegExp, expect } from "./fixtures";

const require = createRequire(import.meta.url);
const bundlePath = require
  .resolve("@guidepup/virtual-screen-reader")
  .replace(/lib\/.*$/, "lib/esm/index.browser.js");

/** The test-only address of the reader's bundle, under the page's own origin. */
const bundleRoute = "/__e2e__/virtual-screen-reader.js";

declare global {
  interface Window {
    /** The running virtual reader (set by `startScreenReader`). */
    __screenReader?: import("@guidepup/virtual-screen-reader").Virtual;
  }
}

export interface ScreenReader {
  /** Every phrase spoken since the reader started or since the last `clear`. */
  spoken(): Promise<string[]>;
  /** Forgets what was spoken so far: the next `spoken` starts from here. */
  clear(): Promise<void>;
  /** Moves the reader's cursor to the next item and returns what it says. */
  next(): Promise<string>;
  /**
   * Waits until a phrase spoken since the last `clear` matches `phrase` (a
   * string must be the whole phrase), and returns the transcript. On failure
   * the message shows the whole transcript.
   */
  expectToHear(phrase: string | RegExp): Promise<string[]>;
  /** Waits a moment (two frames and a task) and expects no phrase matching `phrase`. */
  expectNotToHear(phrase: string | RegExp): Promise<void>;
}

const matches = (phrase: string | RegExp) => (spoken: string) =>
  typeof phrase === "string" ? spoken === phrase : phrase.test(spoken);

/** `phrase` as a RegExp over a transcript joined by newlines: a whole line, or the RegExp per line. */
function lineMatcher(phrase: string | RegExp): RegExp {
  if (typeof phrase !== "string") return new RegExp(phrase.source, `${phrase.flags}m`);
  return new RegExp(`^${escapeRegExp(phrase)}$`, "m");
}

/** How long `expectToHear` waits, as long as an expect does (playwright.config.ts). */
const expectTimeout = 5_000;

/**
 * Loads the virtual reader into the page (after it has loaded) and starts it
 * on the whole document. Call again after a navigation to a new document.
 */
export async function startScreenReader(page: Page): Promise<ScreenReader> {
  const origin = new URL(page.url()).origin;
  await page.route(`${origin}${bundleRoute}`, (route) =>
    route.fulfill({ path: bundlePath, contentType: "text/javascript; charset=utf-8" }),
  );
  await page.evaluate(async (url) => {
    const { virtual } = (await import(
      /* @vite-ignore */ url
    )) as typeof import("@guidepup/virtual-screen-reader");
    await virtual.start({ container: document.body });
    window.__screenReader = virtual;
  }, bundleRoute);

  const spoken = () => page.evaluate(() => window.__screenReader!.spokenPhraseLog());
  const settle = () =>
    page.evaluate(
      () =>
        new Promise((done) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50))),
        ),
    );

  return {
    spoken,
    clear: () => page.evaluate(() => window.__screenReader!.clearSpokenPhraseLog()),
    next: () =>
      page.evaluate(async () => {
        await window.__screenReader!.next();
        return window.__screenReader!.lastSpokenPhrase();
      }),
    async expectToHear(phrase) {
      // Polled for as long as an expect waits; on failure the whole transcript
      // is the received value, one phrase a line.
      const line = lineMatcher(phrase);
      const deadline = Date.now() + expectTimeout;
      let transcript = await spoken();
      while (!transcript.some(matches(phrase)) && Date.now() < deadline) {
        await page.waitForTimeout(100);
        transcript = await spoken();
      }
      expect(transcript.join("\n"), `to hear ${String(phrase)}`).toMatch(line);
      return transcript;
    },
    async expectNotToHear(phrase) {
      await settle();
      const transcript = await spoken();
      expect(
        transcript.filter(matches(phrase)),
        `not to hear ${String(phrase)}; heard:\n${transcript.join("\n")}`,
      ).toEqual([]);
    },
  };
}

/** One node of Chromium's accessibility tree, as CDP gives it (the fields used here). */
export interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  properties?: { name: string; value: { value: unknown } }[];
  childIds?: string[];
  parentId?: string;
}

/** A CDP session on the page, for Chromium's accessibility tree. */
export async function axSession(page: Page): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send("Accessibility.enable");
  return session;
}

/** Chromium's whole accessibility tree of the page (ignored nodes included). */
export async function axTree(session: CDPSession): Promise<AXNode[]> {
  const { nodes } = (await session.send("Accessibility.getFullAXTree")) as unknown as {
    nodes: AXNode[];
  };
  return nodes;
}

/** A property of an accessibility node (`modal`, `expanded`, `focused`...), if set. */
export function axProperty(node: AXNode, name: string): unknown {
  return node.properties?.find((p) => p.name === name)?.value.value;
}

/** The exposed (not ignored) nodes of the tree whose role is `role`. */
export function exposedWithRole(nodes: AXNode[], role: string): AXNode[] {
  return nodes.filter((n) => !n.ignored && n.role?.value === role);
}
