// The six content screens: Home, What we do, Charity, Governance, Contact and
// Privacy statement.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  nextFrames,
  scrollIntoViewAndSettle,
  test,
  waitForHydration,
} from "./fixtures";
import { browserPages, pages } from "./pages";

const screens = ["/", "/what-we-do", "/charity", "/governance", "/contact", "/privacy-statement"];

/** The ESG photo's description, from the content. */
const charityEsgAlt: string = JSON.parse(
  readFileSync(new URL("../../content/charity.json", import.meta.url), "utf8"),
).esg.alt;

/** The first line of each heading in the main element (an office heading also names its country). */
const mainHeadings = async (page: Page) =>
  (await page.getByRole("main").getByRole("heading").allInnerTexts()).map((t) =>
    t.split("\n")[0]!.trim(),
  );

test.describe("headings and key texts", () => {
  const cases: Array<{ path: string; h1: string; headings: string[]; texts: RegExp[] }> = [
    {
      path: "/",
      h1: "European real estate, invested with partners",
      headings: [
        "A joint venture partner since 2014",
        "2.5% of our carried interest goes to charity",
      ],
      texts: [/EUR 5\.0 billion/, /countries/, /professionals/],
    },
    {
      path: "/what-we-do",
      h1: "What we do",
      headings: [
        "Two strategies, one discipline",
        "European affordable residential",
        "Dutch convenience retail and opportunistic retail",
        "More than 50 transactions completed",
        "Every asset managed as if it were our own",
      ],
      texts: [/North-western Europe/],
    },
    {
      path: "/charity",
      h1: "The Veldhaven Foundation",
      headings: [
        "Our partners",
        "Studiezalen",
        "SINA",
        "Philomela",
        "Samen Kracht",
        "Noordje",
        "Prinsengrachtconcert",
        "Oranjewoud",
        "Havendiners",
        "Dutch National Opera & Ballet",
        "ESG initiatives",
        "Documents",
        "Charity enquiries",
      ],
      texts: [/2\.5% of the carried interest/, /47 locations/, /18,500 young trees/],
    },
    {
      path: "/governance",
      h1: "Responsible investing",
      headings: [
        "ESG strategy",
        "Environmental",
        "Social",
        "Governance",
        "Sustainable Finance Disclosure Regulation",
        "Sustainability risks",
        "No consideration of adverse sustainability impacts",
        "Compliance Policy",
        "Remuneration Policy",
        "Documents",
      ],
      texts: [/10 March 2021/, /four environmental objectives/, /five principles/],
    },
    {
      path: "/contact",
      h1: "Contact",
      headings: [
        "Head office",
        "Our offices",
        "Amsterdam",
        "Dublin",
        "Copenhagen",
        "Helsinki",
        "Find us",
      ],
      texts: [/Generaal Vetterstraat 74/, /\+31 20 240 7400/],
    },
    {
      path: "/privacy-statement",
      h1: "Privacy and cookie statement",
      headings: [
        "Purposes of processing",
        "Personal data we process",
        "Disclosure to third parties",
        "Protection of your data",
        "Retention",
        "Your rights",
        "Right of access",
        "Right to rectification",
        "Right to restriction of processing",
        "Right to object",
        "Right to removal (erasure)",
        "Right to data portability",
        "Cookies",
        "Functional cookies",
        "Analytic cookies",
        "Managing cookies",
        "Questions and complaints",
      ],
      texts: [/Last updated: October 2022/],
    },
  ];
  for (const c of cases) {
    test(`${c.path}`, async ({ page }) => {
      await page.goto(c.path);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.h1);
      const headings = await mainHeadings(page);
      for (const h of c.headings) expect(headings, `heading ${h}`).toContain(h);
      for (const t of c.texts) await expect(page.getByRole("main")).toContainText(t);
    });
  }

  test("the governance lists hold four objectives and five principles", async ({ page }) => {
    await page.goto("/governance");
    // A section under its heading (not a named region).
    const list = (id: string) => page.locator(`section:has(> h2#${id}) ol > li`);
    await expect(list("environmental")).toHaveCount(4);
    await expect(list("compliance")).toHaveCount(5);
  });

  test("the privacy headings form an outline: h1, then h2 topics, h3 under them", async ({
    page,
  }) => {
    await page.goto("/privacy-statement");
    const levels = await page
      .getByRole("main")
      .locator("h1, h2, h3, h4, h5, h6")
      .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) {
      expect(levels[i]! - levels[i - 1]!, `heading ${i} skips a level`).toBeLessThanOrEqual(1);
    }
  });

  test("contact mail links: commercial and residential each to their own address", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expect(page.getByRole("link", { name: "commercial@veldhaven.eu" })).toHaveAttribute(
      "href",
      "mailto:commercial@veldhaven.eu",
    );
    await expect(page.getByRole("link", { name: "residential@veldhaven.eu" })).toHaveAttribute(
      "href",
      "mailto:residential@veldhaven.eu",
    );
  });
});

test("all six PDFs answer 200 with application/pdf", async ({ page, request }) => {
  const hrefs = new Set<string>();
  for (const path of ["/charity", "/governance"]) {
    await page.goto(path);
    for (const href of await page
      .locator('a[href$=".pdf"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))) {
      hrefs.add(href);
    }
  }
  expect(hrefs.size).toBe(6);
  for (const href of hrefs) {
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
    expect(res.headers()["content-type"], href).toContain("application/pdf");
  }
});

test("every internal link on every page resolves to a 200", async ({ request }) => {
  const seen = new Set<string>();
  const queue = [...pages];
  const failures: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const res = await request.get(path, { maxRedirects: 0 });
    if (res.status() !== 200) {
      failures.push(`${path}: ${res.status()}`);
      continue;
    }
    if (!(res.headers()["content-type"] ?? "").includes("text/html")) continue;
    const html = await res.text();
    for (const m of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
      const href = m[1]!.replace(/&amp;/g, "&");
      if (!href.startsWith("/") || href.startsWith("//")) continue;
      const target = href.split("#")[0]!.split("?")[0]!;
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  expect(failures).toEqual([]);
  expect(seen.size).toBeGreaterThan(pages.length);
});

test.describe("contact accordion", () => {
  const button = (page: Page, city: string) =>
    page.getByRole("button", { name: new RegExp(`^${city}`) });

  test("by mouse: one open at a time, clicking the open one closes it", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    for (const city of ["Amsterdam", "Dublin", "Copenhagen", "Helsinki"]) {
      await expect(button(page, city)).toHaveAttribute("aria-expanded", "false");
    }
    await button(page, "Dublin").click();
    await expect(button(page, "Dublin")).toHaveAttribute("aria-expanded", "true");
    const dublin = page.getByRole("region", { name: /^Dublin/ });
    await expect(dublin).toContainText("3 Fitzwilliam Place, First Floor");
    await expect(dublin).toContainText("D02 YX78");
    await button(page, "Copenhagen").click();
    await expect(button(page, "Dublin")).toHaveAttribute("aria-expanded", "false");
    await expect(dublin).toBeHidden();
    await expect(page.getByRole("region", { name: /^Copenhagen/ })).toContainText(
      "Palægade 2, 2nd floor",
    );
    await expect(page.getByRole("region", { name: /^Copenhagen/ })).toContainText("1261");
    await button(page, "Copenhagen").click();
    await expect(button(page, "Copenhagen")).toHaveAttribute("aria-expanded", "false");
    await expect(
      page.getByRole("region", { name: /^(Amsterdam|Dublin|Copenhagen|Helsinki)/ }),
    ).toHaveCount(0);
  });

  test("by keyboard: Enter and Space toggle, arrows move", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await button(page, "Amsterdam").focus();
    await page.keyboard.press("Enter");
    await expect(button(page, "Amsterdam")).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("region", { name: /^Amsterdam/ })).toContainText("1059 BW");
    await page.keyboard.press("ArrowDown");
    await expect(button(page, "Dublin")).toBeFocused();
    await page.keyboard.press("End");
    await expect(button(page, "Helsinki")).toBeFocused();
    await page.keyboard.press("Space");
    await expect(button(page, "Helsinki")).toHaveAttribute("aria-expanded", "true");
    await expect(button(page, "Amsterdam")).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("region", { name: /^Helsinki/ })).toContainText("7A Bulevardi");
    await expect(page.getByRole("region", { name: /^Helsinki/ })).toContainText("00120");
    await page.keyboard.press("Space");
    await expect(button(page, "Helsinki")).toHaveAttribute("aria-expanded", "false");
    await expectNoAxeViolations(page);
  });
});

test("the map loads only after Show map", async ({ page }) => {
  const requested: string[] = [];
  await page.route("https://www.openstreetmap.org/**", (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>map</title>" });
  });
  await page.goto("/contact");
  await waitForHydration(page);
  await expect(page.locator("iframe")).toHaveCount(0);
  await expect(page.getByRole("img", { name: /Street map/ })).toBeVisible();
  expect(requested).toEqual([]);
  await page.getByRole("button", { name: "Show map" }).click();
  const frame = page.locator("iframe");
  await expect(frame).toHaveAttribute(
    "src",
    /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/,
  );
  await expect(frame).toHaveAttribute("title", /Amsterdam/);
  await expect.poll(() => requested.length).toBeGreaterThan(0);
});

test.describe("charity video modal", () => {
  const watch = (page: Page) =>
    page.getByRole("button", { name: /Watch the video\W+Prinsengrachtconcert/ });

  test("by mouse: opens a muted looping video, closes on the close mark and the backdrop", async ({
    page,
  }) => {
    await page.goto("/charity");
    await waitForHydration(page);
    await watch(page).click();
    const dialog = page.getByRole("dialog", { name: "The Prinsengrachtconcert" });
    await expect(dialog).toBeVisible();
    const video = dialog.locator("video");
    await expect(video).toHaveJSProperty("muted", true);
    await expect(video).toHaveJSProperty("loop", true);
    await expect(video).toHaveAttribute("playsinline", "");
    await expect(video).toHaveAttribute("poster", /\.webp$/);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Close video" }).click();
    await expect(dialog).toBeHidden();
    await expect(watch(page)).toBeFocused();

    await watch(page).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5); // the backdrop
    await expect(dialog).toBeHidden();
  });

  test("by keyboard: focus is trapped inside, Escape closes and restores focus", async ({
    page,
  }) => {
    await page.goto("/charity");
    await waitForHydration(page);
    await watch(page).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "The Prinsengrachtconcert" });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(
          () =>
            document.activeElement?.closest("dialog") !== null ||
            document.activeElement === document.body,
        ),
      ).toBe(true);
    }
    // The page behind does not scroll while the dialog is open.
    await expect(page.locator("html")).toHaveCSS("overflow-y", "hidden");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(watch(page)).toBeFocused();
  });

  test("the opera video opens too", async ({ page }) => {
    await page.goto("/charity");
    await waitForHydration(page);
    await page.getByRole("button", { name: /Watch the video\W+Dutch National Opera/ }).click();
    await expect(
      page.getByRole("dialog", { name: "The Dutch National Opera & Ballet" }),
    ).toBeVisible();
  });
});

test.describe("reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("videos do not autoplay, counters show their final numbers, no parallax", async ({
    page,
  }) => {
    await page.goto("/charity");
    await waitForHydration(page);
    await page.getByRole("button", { name: /Watch the video\W+Prinsengrachtconcert/ }).click();
    const video = page.getByRole("dialog").locator("video");
    await expect(video).toBeVisible();
    await page.waitForTimeout(300);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.keyboard.press("Escape");

    await page.goto("/");
    await waitForHydration(page);
    await page
      .getByRole("heading", { name: "A joint venture partner since 2014" })
      .scrollIntoViewIfNeeded();
    await expect(page.locator("[data-counter]")).toHaveText(["4", "75"]);

    await page.goto("/governance");
    await waitForHydration(page);
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(300);
    expect(await parallaxShift(page)).toBe(0);
  });
});

test("counters count up to 4 and 75 over 4 s once in view; the HTML has the final numbers", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/")).text();
  expect(html).toMatch(/data-counter="4"[^>]*>4</);
  expect(html).toMatch(/data-counter="75"[^>]*>75</);

  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  const counters = page.locator("[data-counter]");
  const heading = page.getByRole("heading", { name: "A joint venture partner since 2014" });
  // The counting code loads as the block comes near (WhenNear): scroll until
  // the block is just below the viewport; the counters wait at 0 there.
  await heading.evaluate((el) => {
    const block = el.closest("section") ?? el;
    window.scrollTo(0, block.getBoundingClientRect().top + window.scrollY - innerHeight - 100);
  });
  await expect(counters).toHaveText(["0", "0"]);
  await heading.scrollIntoViewIfNeeded();
  // The observer reports the block asynchronously; step the fake clock until counting starts.
  const professionals = async () => Number(await counters.nth(1).innerText());
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return professionals();
    })
    .toBeGreaterThan(0);
  await page.clock.runFor(1000);
  expect(await professionals()).toBeLessThan(75);
  await page.clock.runFor(3000);
  await expect(counters).toHaveText(["4", "75"]);
  // Screen readers get the final numbers only.
  await expect(page.getByText("75 professionals")).toHaveCount(1);
});

/**
 * How far the header photo has moved down inside its header, in px: what the
 * visitor sees of the parallax (0 when it stands still).
 */
const parallaxShift = (page: Page) =>
  page.locator("[data-parallax]").evaluate((el) => {
    const placed = parseFloat(getComputedStyle(el).top) || 0;
    const drawn = el.getBoundingClientRect().top - el.parentElement!.getBoundingClientRect().top;
    return Math.round((drawn - placed) * 100) / 100;
  });

test("governance parallax: scrubbed by scroll at 1280 px, absent at 375 px", async ({ page }) => {
  await page.goto("/governance");
  await waitForHydration(page);
  await expect(page.locator("[data-parallax]")).toHaveCount(1);
  expect(await parallaxShift(page)).toBeCloseTo(0, 0);
  // The photo overhangs the header's top, so moving down never shows an edge.
  const overhang = () =>
    page
      .locator("[data-parallax]")
      .evaluate(
        (el) => el.parentElement!.getBoundingClientRect().top - el.getBoundingClientRect().top,
      );
  expect(await overhang()).toBeGreaterThan(20);
  await page.mouse.wheel(0, 300);
  await expect.poll(() => parallaxShift(page)).toBeGreaterThan(20);
  // It lags behind the page: it moved less than the page did.
  expect(await parallaxShift(page)).toBeLessThan(300);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.mouse.wheel(0, 300);
  await page.waitForTimeout(300);
  expect(await parallaxShift(page)).toBe(0);
  expect(await overhang()).toBe(0);
});

test("the ESG block fades in when its bottom reaches the viewport bottom", async ({ page }) => {
  await page.goto("/charity");
  await waitForHydration(page);
  const block = page
    .locator("[data-reveal]")
    .filter({ has: page.getByRole("heading", { name: "ESG initiatives" }) });
  await expect(block).toHaveAttribute("data-reveal", "bottom");
  // Hidden: transparent and drawn 50 px low; shown: opaque, in its place.
  const hidden = async () => {
    await expect(block).toHaveCSS("opacity", "0");
    await expect(block).toHaveCSS("translate", "0px 50px");
  };
  const shown = async () => {
    await expect(block).toHaveCSS("opacity", "1");
    await expect(block).toHaveCSS("translate", /^(none|0px)$/);
  };
  await hidden();
  // Scroll so that the block's own bottom (not the 50 px lower edge its hidden
  // offset draws) is `gap` px below the viewport's bottom edge.
  const scrollToBottomGap = (gap: number) =>
    block.evaluate((el, gap) => {
      const style = getComputedStyle(el);
      const offset = parseFloat(style.getPropertyValue("--reveal-distance"));
      const bottom = el.getBoundingClientRect().bottom - offset + window.scrollY;
      window.scrollTo(0, bottom - window.innerHeight - gap);
      return { offset, duration: style.getPropertyValue("--reveal-duration") };
    }, gap);
  expect(await scrollToBottomGap(30)).toEqual({ offset: 50, duration: "0.3s" });
  await page.waitForTimeout(200);
  await hidden();
  // It takes 0.3 s: on its way, it is drawn part-transparent. The page reads
  // its opacity at every frame from the scroll until it is opaque (a fixed
  // wait of half the time saw no frame yet on a loaded machine).
  const opacities = await block.evaluate(
    (el, gap) =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [];
        const offset = parseFloat(getComputedStyle(el).getPropertyValue("--reveal-distance"));
        const bottom = el.getBoundingClientRect().bottom - offset + window.scrollY;
        window.scrollTo(0, bottom - window.innerHeight - gap);
        const start = performance.now();
        const frame = () => {
          const opacity = Number(getComputedStyle(el).opacity);
          seen.push(opacity);
          if (opacity >= 1 || performance.now() - start > 5000) resolve(seen);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    0,
  );
  expect(
    opacities.some((o) => o > 0 && o < 1),
    `opacities drawn: ${opacities}`,
  ).toBe(true);
  await shown();
  // Once shown it stays, whichever way the visitor scrolls.
  await scrollToBottomGap(400);
  await shown();
  await expect(page.getByRole("img", { name: charityEsgAlt })).toBeVisible();
  const more = page.getByRole("link", { name: /^More information/ });
  await expect(more).toHaveAttribute("href", "/governance");
  // A page of the site: a plain link, the page loads in this tab.
  await scrollIntoViewAndSettle(page, more);
  await more.click();
  await expect(page).toHaveURL(/\/governance$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Responsible investing");
});

test("charity: the foundation's figures and its outbound links", async ({ page }) => {
  await page.goto("/charity");
  const main = page.getByRole("main");
  for (const t of [/5 hectares/, /60 tonnes of CO2 a year/, /managed for 50 years/]) {
    await expect(main).toContainText(t);
  }
  const partners: Array<[string, string]> = [
    ["Studiezalen", "https://www.studiezalen.nl"],
    ["SINA", "https://www.stichtingsina.nl"],
    ["Philomela", "https://www.philomela.nl"],
    ["Samen Kracht", "https://www.samenkracht.nl"],
    ["Noordje", "https://www.noordje.nl"],
    ["Prinsengrachtconcert", "https://www.prinsengrachtconcert.nl"],
    ["Oranjewoud", "https://www.oranjewoud.nl"],
    ["Havendiners", "https://www.havendiners.nl"],
    ["Dutch National Opera & Ballet", "https://www.operaballet.nl"],
  ];
  for (const [name, href] of partners) {
    const logoLink = main
      .getByRole("article", { name, exact: true })
      .getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(logoLink, name).toHaveAttribute("href", href);
    await expect(logoLink, name).toHaveAttribute("target", "_blank");
  }
  // The optional button: only where content gives one.
  await expect(main.getByRole("link", { name: /^Visit Studiezalen/ })).toHaveAttribute(
    "href",
    "https://www.studiezalen.nl",
  );
  await expect(
    main.getByRole("article", { name: "SINA", exact: true }).getByRole("link", { name: /^Visit/ }),
  ).toHaveCount(0);
  const goals = main.getByRole("link", { name: /Sustainable Development Goals/ });
  expect(await goals.count()).toBeGreaterThan(0);
  for (const href of await goals.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(/^https:\/\/sdgs\.un\.org\//);
  }
  await expect(main.getByRole("link", { name: /^Check our ANBI status/ })).toHaveAttribute(
    "href",
    /^https:\/\/www\.belastingdienst\.nl\//,
  );
  await expect(main.getByRole("link", { name: "foundation@veldhaven.eu" })).toHaveAttribute(
    "href",
    "mailto:foundation@veldhaven.eu",
  );
});

test("home: its blocks lead to What we do, the team and the foundation", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  const links: Array<[string, string]> = [
    ["Our investment approach", "/what-we-do"],
    ["Meet our people", "/who-we-are"],
    ["Meet the whole team", "/who-we-are"],
    ["Our foundation", "/charity"],
  ];
  for (const [name, href] of links) {
    await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("no page scrolls horizontally", async ({ page }) => {
    const wide: string[] = [];
    for (const path of browserPages) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) wide.push(`${path}: ${width}px`);
    }
    expect(wide).toEqual([]);
  });

  for (const path of screens) {
    test(`${path} is axe clean`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("at 1280 px", () => {
  // Desktop layouts: two columns, the team teaser's hover overlay, the parallax header.
  for (const path of screens) {
    test(`${path} is axe clean`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    });
  }
});

test("the LCP image of each screen has priority, the rest is lazy", async ({ request }) => {
  for (const path of screens) {
    const html = await (await request.get(path)).text();
    const imgs = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    const eager = imgs.filter((i) => /fetchpriority="high"/i.test(i));
    expect(eager.length, `${path} priority images`).toBeLessThanOrEqual(1);
    for (const img of imgs) {
      if (!/fetchpriority="high"/i.test(img)) expect(img, path).toMatch(/loading="lazy"/);
      expect(img, path).toMatch(/width="\d+"/);
      expect(img, path).toMatch(/height="\d+"/);
    }
  }
});

/** Each reveal's opacity and whether any of it is in the viewport. */
const reveals = (page: Page) =>
  page.locator("[data-reveal]").evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        inView: r.top < window.innerHeight && r.bottom > 0,
        top: r.top / window.innerHeight,
        opacity: Number(getComputedStyle(el).opacity),
      };
    }),
  );

for (const { width, height } of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  test(`at ${width} px, reveals show what is in view at load at full opacity and hide what is below`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    for (const path of browserPages) {
      // "At load": once what the page fetches after its load event (the
      // insights feed) is in and drawn. Scroll timelines update once a frame,
      // so a reveal read in the same frame as a layout change can still have
      // the opacity of where it was (seen once in CI, under load).
      await page.goto(path, { waitUntil: "networkidle" });
      await nextFrames(page);
      for (const r of await reveals(page)) {
        if (r.inView) expect(r.opacity, `${path}: in view at load, top at ${r.top}`).toBe(1);
        else expect(r.opacity, `${path}: below the fold at load`).toBe(0);
      }
    }
  });
}

test("a reveal straddling the fold at load is opaque; one below fades in as it enters", async ({
  page,
}) => {
  // /who-we-are at Lighthouse's phone size: the first value card straddles the fold.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto("/who-we-are");
  const cards = await reveals(page);
  const straddling = cards.findIndex((r) => r.inView && r.top > 0.75);
  expect(straddling, "a reveal whose top is in the lowest quarter at load").toBeGreaterThanOrEqual(
    0,
  );
  expect(cards[straddling]!.opacity).toBe(1);
  const below = page.locator("[data-reveal]").nth(straddling + 1);
  // Its top at 90% of the viewport: on its way in; at 50%: shown.
  const placeTop = (at: number) =>
    below.evaluate((el, at) => {
      window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight * at);
    }, at);
  await placeTop(0.9);
  await expect
    .poll(() => below.evaluate((el) => Number(getComputedStyle(el).opacity)))
    .toBeGreaterThan(0);
  expect(await below.evaluate((el) => Number(getComputedStyle(el).opacity))).toBeLessThan(1);
  await placeTop(0.5);
  await expect(below).toHaveCSS("opacity", "1");
  // The straddling one stays shown whichever way the page scrolls.
  await page.evaluate(() => window.scrollTo(0, 0));
  expect((await reveals(page))[straddling]!.opacity).toBe(1);
});

test("under reduced motion no reveal hides anything", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/who-we-are");
  for (const r of await reveals(page)) expect(r.opacity).toBe(1);
});
