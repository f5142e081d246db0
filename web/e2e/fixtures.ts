import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

/** Console messages that are not ours to fix: none so far. */
const ignoredConsole: RegExp[] = [];

/**
 * Every test fails if the page logged an error or warning (hydration
 * mismatches, CSP violations, failed requests) or threw. A test that makes
 * requests fail on purpose lists their URLs in `expectedFailedRequests`
 * (`test.use({ expectedFailedRequests: [/\/linkedin-api$/] })`): Chromium's
 * "Failed to load resource" for those is then expected, nothing else.
 */
export const test = base.extend<{ consoleProblems: string[]; expectedFailedRequests: RegExp[] }>({
  expectedFailedRequests: [[], { option: true }],
  consoleProblems: [
    async ({ page, expectedFailedRequests }, use) => {
      const problems: string[] = [];
      // Chromium logs a 404 document as a failed load: expected on the 404 page.
      const notFoundDocuments = new Set<string>();
      page.on("response", (response) => {
        if (response.status() === 404 && response.request().isNavigationRequest()) {
          notFoundDocuments.add(response.url());
        }
      });
      page.on("console", (msg) => {
        if (msg.type() !== "error" && msg.type() !== "warning") return;
        const text = msg.text();
        if (ignoredConsole.some((re) => re.test(text))) return;
        if (text.includes("status of 404") && notFoundDocuments.has(msg.location().url)) return;
        if (
          text.startsWith("Failed to load resource") &&
          expectedFailedRequests.some((re) => re.test(msg.location().url))
        ) {
          return;
        }
        problems.push(`${msg.type()}: ${text}`);
      });
      page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
      await use(problems);
      expect(problems, "console errors or warnings").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Runs axe on the page and expects no violations. Reduced motion first: axe
 * scrolls elements into view, which starts fade-ins, and contrast measured
 * mid-fade is a false failure. Under reduced motion everything is final at once.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/**
 * Waits until two frames have been drawn. Scroll timelines (the reveals)
 * update once a frame: in the frame of a scroll or a layout change a reveal
 * still has the opacity and offset of where it was, so a click Playwright
 * aims there lands 32 px off once the frame is drawn.
 */
export async function nextFrames(page: Page) {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/** Scrolls `target` into view as a visitor would, and waits until it is drawn there. */
export async function scrollIntoViewAndSettle(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await nextFrames(page);
}

/**
 * Waits until the page has settled: the network is idle and every island whose
 * directive has fired has hydrated (Astro removes an island's `ssr` attribute
 * once it has). An island waiting for the viewport (client:visible) while out
 * of view, or for a media query that does not match (client:media), is not
 * waited for, nor one waiting for an interaction (client:interaction): it has
 * nothing to do yet.
 */
export async function waitForHydration(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() =>
    [...document.querySelectorAll("astro-island[ssr]")].every((island) => {
      const directive = island.getAttribute("client");
      if (directive === "only") return false;
      // Waits for the visitor's first press, focus or key inside it (lib/on-interaction.ts).
      if (directive === "interaction") return true;
      if (directive === "media") {
        const opts = JSON.parse(island.getAttribute("opts") ?? "{}") as { value?: string };
        return !window.matchMedia(opts.value ?? "all").matches;
      }
      if (directive === "visible") {
        // An island is display: contents; its box is its children's.
        const boxes = [...island.children].map((c) => c.getBoundingClientRect());
        return !boxes.some(
          (r) =>
            r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth,
        );
      }
      return false;
    }),
  );
}

/** `text` matched literally inside a RegExp (a name with a dot or parentheses). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
