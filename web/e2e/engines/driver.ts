// One small interface over the two clients that drive the engines Playwright
// cannot download here, so that every spec runs unchanged in each:
//   Firefox   Debian's firefox-esr over WebDriver BiDi (puppeteer-core);
//   WebKit    WebKitGTK's MiniBrowser under Xvfb, through WebKitWebDriver over
//             classic WebDriver (selenium-webdriver);
//   Chromium  the system Chromium over CDP (puppeteer-core): the reference
//             that styles are compared against.
import { spawn, type ChildProcess } from "node:child_process";
import { globSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { Builder, By, Key, type WebDriver } from "selenium-webdriver";
import { chromiumFlags, systemChromium } from "../../lib/chromium.mjs";

export type Engine = "firefox" | "webkit" | "chromium";
export type KeyName = "Tab" | "Shift+Tab" | "Enter" | "Escape";

export interface Driver {
  readonly engine: Engine;
  /** Sets the viewport (the page's innerWidth and innerHeight). */
  resize(width: number, height: number): Promise<void>;
  /** Opens a URL and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page (it is sent as source: it can use only its arguments). */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** A key press as the keyboard makes it, to the focused element. */
  press(key: KeyName): Promise<void>;
  /** Text typed as the keyboard types it, into the focused element. */
  type(text: string): Promise<void>;
  /**
   * A pointer click in the middle of the first element matching `selector`,
   * once it is actionable (see `actionable`).
   */
  click(selector: string): Promise<void>;
  /** The viewport as a PNG. */
  screenshot(): Promise<Buffer>;
  /** Console errors, uncaught errors and refused or failed loads since the last call. */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

export async function launch(engine: Engine): Promise<Driver> {
  const driver = await (engine === "webkit" ? launchWebKit() : launchPuppeteer(engine));
  const click = driver.click;
  driver.click = async (selector) => {
    await actionable(driver, selector);
    await click(selector);
  };
  return driver;
}

/**
 * Waits until the element is where a click would reach it, as Playwright's
 * click waits: the same box over two frames (not sliding in or shifted by a
 * late layout) and its middle not covered. Neither WebDriver client waits so:
 * they click where the element was when they looked.
 */
async function actionable(driver: Driver, selector: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ready = await driver.evaluate(async (selector: string) => {
      const el = document.querySelector(selector);
      if (!el) return false;
      el.scrollIntoView({ block: "center" });
      const frame = () => new Promise((done) => requestAnimationFrame(() => done(null)));
      const box = () => JSON.stringify(el.getBoundingClientRect());
      const before = box();
      await frame();
      await frame();
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return box() === before && !!hit && el.contains(hit);
    }, selector);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`${selector} never became clickable`);
  }
}

async function launchPuppeteer(engine: "firefox" | "chromium"): Promise<Driver> {
  const browser: Browser =
    engine === "firefox"
      ? await puppeteer.launch({
          browser: "firefox",
          protocol: "webDriverBiDi",
          executablePath: process.env.FIREFOX_PATH || "/usr/bin/firefox-esr",
          headless: true,
        })
      : await puppeteer.launch({
          executablePath: systemChromium() ?? chromium.executablePath(),
          args: chromiumFlags,
          headless: true,
        });
  const page: Page = await browser.newPage();
  let problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${(err as Error).message}`));
  page.on("requestfailed", (req) => {
    // A load the next navigation cancels (a lazy image still on its way) is not the page's.
    if (!/ABORTED/i.test(req.failure()?.errorText ?? "")) problems.push(`failed: ${req.url()}`);
  });
  return {
    engine,
    resize: (width, height) => page.setViewport({ width, height }),
    goto: async (url) => void (await page.goto(url, { waitUntil: "load" })),
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])),
    press: async (key) => {
      if (key !== "Shift+Tab") return page.keyboard.press(key);
      await page.keyboard.down("Shift");
      await page.keyboard.press("Tab");
      await page.keyboard.up("Shift");
    },
    type: (text) => page.keyboard.type(text),
    click: (selector) => page.click(selector),
    screenshot: async () => Buffer.from(await page.screenshot()),
    problems: async () => problems.splice(0),
    close: () => browser.close(),
  };
}

/** A port free on 127.0.0.1 now (WebKitWebDriver takes one on its command line). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** MiniBrowser from Debian's libwebkit2gtk (webkit2gtk-driver depends on it), or WEBKIT_BROWSER. */
function miniBrowser(): string {
  const path =
    process.env.WEBKIT_BROWSER || globSync("/usr/lib/*/webkit2gtk-4.*/MiniBrowser").sort().at(-1);
  if (!path)
    throw new Error("no MiniBrowser: install webkit2gtk-driver (scripts/ensure-engines.sh)");
  return path;
}

/**
 * In-page record of what classic WebDriver cannot report (it has no console):
 * errors thrown and promises rejected, console.error calls, policy violations
 * (a ReportingObserver also hands over those of the page's load), and
 * resources that failed. Installed as soon as each page has loaded.
 */
function recordProblems() {
  const w = window as unknown as { __problems?: string[] };
  if (w.__problems) return;
  const problems: string[] = (w.__problems = []);
  addEventListener(
    "error",
    (e) => {
      const target = e.target as HTMLElement & { src?: string; href?: string };
      problems.push(
        target === (window as unknown)
          ? `pageerror: ${e.message}`
          : `failed: ${target.src || target.href || target.tagName}`,
      );
    },
    true,
  );
  addEventListener("unhandledrejection", (e) => problems.push(`pageerror: ${String(e.reason)}`));
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    problems.push(`console: ${args.map(String).join(" ")}`);
    error(...args);
  };
  if ("ReportingObserver" in window) {
    new ReportingObserver(
      (reports) => {
        for (const r of reports) problems.push(`report: ${r.type} ${JSON.stringify(r.body)}`);
      },
      { types: ["csp-violation"], buffered: true },
    ).observe();
  }
  for (const e of performance.getEntriesByType("resource") as PerformanceResourceTiming[]) {
    if (e.responseStatus >= 400) problems.push(`failed: ${e.name} (${e.responseStatus})`);
  }
  for (const img of document.images) {
    if (img.complete && img.currentSrc && img.naturalWidth === 0) {
      problems.push(`failed: ${img.currentSrc}`);
    }
  }
}

async function launchWebKit(): Promise<Driver> {
  const children: ChildProcess[] = [];
  const stop = () => children.forEach((c) => c.kill());
  process.once("exit", stop);
  // MiniBrowser's toolbar keeps its window at least ~450 px wide: a user style
  // sheet for GTK (not for the page) shrinks the toolbar so that the window
  // can be as narrow as a phone.
  const config = mkdtempSync(join(tmpdir(), "veldhaven-webkit-"));
  mkdirSync(join(config, "gtk-3.0"));
  writeFileSync(
    join(config, "gtk-3.0", "gtk.css"),
    "* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n",
  );
  try {
    // Xvfb picks a free display and writes its number to fd 3.
    const xvfb = spawn(
      "Xvfb",
      ["-displayfd", "3", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
      { stdio: ["ignore", "ignore", "inherit", "pipe"] },
    );
    children.push(xvfb);
    const display = await new Promise<string>((resolve, reject) => {
      xvfb.once("error", reject);
      xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code})`)));
      xvfb.stdio[3]!.once("data", (d) => resolve(`:${String(d).trim()}`));
    });
    const port = await freePort();
    const webdriver = spawn("WebKitWebDriver", [`--port=${port}`, "--host=127.0.0.1"], {
      env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: config },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(webdriver);
    const builder = new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .forBrowser("MiniBrowser")
      .withCapabilities({
        browserName: "MiniBrowser",
        "webkitgtk:browserOptions": { binary: miniBrowser(), args: ["--automation"] },
      });
    let driver: WebDriver | undefined;
    for (let attempt = 0; !driver; attempt++) {
      try {
        driver = await builder.build();
      } catch (err) {
        // The driver may not listen yet.
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    const d = driver;
    const evaluate = <T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A) =>
      d.executeScript<T>(`return (${fn.toString()}).apply(null, arguments)`, ...args);
    const harvest = async () => {
      try {
        return await evaluate(() => {
          const w = window as unknown as { __problems?: string[] };
          return w.__problems?.splice(0) ?? [];
        });
      } catch {
        return [];
      }
    };
    const pending: string[] = [];
    const keys: Record<KeyName, string[]> = {
      Tab: [Key.TAB],
      "Shift+Tab": [Key.SHIFT, Key.TAB],
      Enter: [Key.ENTER],
      Escape: [Key.ESCAPE],
    };
    return {
      engine: "webkit",
      resize: async (width, height) => {
        // The window's size, less what its frame and toolbar take.
        const [dw, dh] = await evaluate(() => [
          window.outerWidth - window.innerWidth,
          window.outerHeight - window.innerHeight,
        ]);
        await d
          .manage()
          .window()
          .setRect({ width: width + dw, height: height + dh });
      },
      goto: async (url) => {
        pending.push(...(await harvest()));
        await d.get(url);
        await evaluate(recordProblems);
      },
      evaluate,
      press: async (key) => {
        const [first, ...rest] = keys[key];
        let actions = d.actions({ async: true });
        if (rest.length)
          actions = actions
            .keyDown(first!)
            .sendKeys(...rest)
            .keyUp(first!);
        else actions = actions.sendKeys(first!);
        await actions.perform();
      },
      type: (text) => d.actions({ async: true }).sendKeys(text).perform(),
      click: async (selector) => d.findElement(By.css(selector)).click(),
      screenshot: async () => Buffer.from(await d.takeScreenshot(), "base64"),
      problems: async () => [...pending.splice(0), ...(await harvest())],
      close: async () => {
        await d.quit().catch(() => {});
        stop();
        rmSync(config, { recursive: true, force: true });
      },
    };
  } catch (err) {
    stop();
    rmSync(config, { recursive: true, force: true });
    throw err;
  }
}
