// What a visitor does on the site, in each engine: the menu by pointer and by
// keyboard, the directory and its popup, the dialogs, the feed, the counters.
import { readEntries } from "../../lib/content-dir.mjs";
import type { Driver } from "./driver";
import { expect, test } from "./fixtures";

interface Employee {
  id: number;
  name: string;
  location: string;
}
const employees: Employee[] = readEntries("people");

/**
 * Marks the first rendered element matching `selector` whose text or
 * accessible label is `name` (any, without one) with data-engine-target,
 * scrolls it to the middle of the viewport and returns a selector of it.
 */
async function byName(site: Driver, selector: string, name?: string): Promise<string> {
  const found = await site.evaluate(
    (selector: string, name: string | null) => {
      document.querySelector("[data-engine-target]")?.removeAttribute("data-engine-target");
      const named = (e: HTMLElement) => {
        // What is shown (innerText: not what is display: none), in any case.
        const text = e.innerText.replace(/\s+/g, " ").trim().toLowerCase();
        const want = name!.toLowerCase();
        return e.getAttribute("aria-label") === name || text.startsWith(want);
      };
      const el = [...document.querySelectorAll<HTMLElement>(selector)].find(
        (e) => e.getClientRects().length > 0 && (name === null || named(e)),
      );
      el?.setAttribute("data-engine-target", "");
      el?.scrollIntoView({ block: "center" });
      return !!el;
    },
    selector,
    name ?? null,
  );
  expect(found, `${selector} named "${name}"`).toBe(true);
  return "[data-engine-target]";
}

/** Waits until every island in view has hydrated (Astro removes `ssr` then). */
const hydrated = (site: Driver) =>
  expect
    .poll(() =>
      site.evaluate(() =>
        [...document.querySelectorAll("astro-island[ssr]")].every((island) => {
          const r = [...island.children].map((c) => c.getBoundingClientRect());
          return !r.some((b) => b.bottom > 0 && b.top < innerHeight);
        }),
      ),
    )
    .toBe(true);

const focused = (site: Driver) =>
  site.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      text: el?.innerText.replace(/\s+/g, " ").trim(),
      tag: el?.tagName.toLowerCase(),
      behind: !!el?.closest("main, footer"),
      inMenu: !!el?.closest("#site-nav"),
    };
  });

const menuOpen = (site: Driver) =>
  site.evaluate(() => document.getElementById("site-nav")!.matches(":popover-open"));

test.describe("the menu at 375 px", () => {
  test("Enter opens it, Escape closes it back to the burger, Enter follows a link; Tab stays in it", async ({
    site,
    url,
  }) => {
    await site.resize(375, 800);
    await site.goto(url("/careers"));
    const links = await site.evaluate(
      () => document.querySelectorAll("#site-nav li > a:not([autofocus])").length,
    );
    // By keyboard alone: skip link, logo, burger; Enter opens, Escape closes
    // back to the burger, Enter opens again and Enter follows a link.
    for (let i = 0; i < 3; i++) await site.press("Tab");
    await expect.poll(() => focused(site)).toMatchObject({ tag: "button", text: "Open menu" });
    // A visitor's pause: Firefox over BiDi drops an Enter sent in the instant
    // the page has just finished loading and moving focus.
    await new Promise((r) => setTimeout(r, 300));
    await site.press("Enter");
    await expect.poll(() => menuOpen(site)).toBe(true);
    await expect.poll(() => focused(site)).toMatchObject({ text: "What we do", inMenu: true });
    await site.press("Escape");
    await expect.poll(() => menuOpen(site)).toBe(false);
    await expect.poll(() => focused(site)).toMatchObject({ tag: "button", text: "Open menu" });
    // Everything behind is reachable again once it is closed.
    expect(await site.evaluate(() => document.querySelector("main")!.inert)).toBe(false);
    // The menu folds away over 0.45 s (Header.module.css) before it opens again,
    // later than that on a busy machine.
    await expect
      .poll(() =>
        site.evaluate(
          () => document.getElementById("site-nav")!.getAnimations({ subtree: true }).length,
        ),
      )
      .toBe(0);
    await site.press("Enter");
    await expect.poll(() => menuOpen(site)).toBe(true);
    await expect.poll(() => focused(site)).toMatchObject({ text: "What we do" });
    await site.press("Enter");
    await expect.poll(() => site.evaluate(() => location.pathname)).toBe("/what-we-do");
    expect(await menuOpen(site)).toBe(false);

    // By pointer: the burger opens it, and Tab walks the menu.
    await site.goto(url("/careers"));
    await site.click('button[popovertarget="site-nav"]');
    await expect.poll(() => menuOpen(site)).toBe(true);
    await expect.poll(() => focused(site)).toMatchObject({ text: "What we do", inMenu: true });
    // Past the last link, focus never reaches the page hidden under the menu.
    const walk = [];
    for (let i = 0; i < links + 2; i++) {
      await site.press("Tab");
      walk.push(await focused(site));
    }
    expect(walk.filter((f) => f.behind)).toEqual([]);
    expect(walk.map((f) => f.text)).toContain("Contact");
  });
});

test.describe("the directory and its popup", () => {
  test("at 1280 px: a search narrows the cards; a card opens its person, Escape closes back to it", async ({
    site,
    url,
  }) => {
    await site.resize(1280, 800);
    await site.goto(url("/who-we-are"));
    const search = await byName(site, 'main input[type="search"]');
    await hydrated(site);
    await site.click(search);
    await site.type("an");
    const matching = employees.filter((e) => e.name.toLowerCase().includes("an")).length;
    await expect
      .poll(() => site.evaluate(() => document.querySelector('main [role="status"]')?.textContent))
      .toBe(`${matching} people`);
    await expect.poll(() => site.evaluate(() => location.search)).toBe("?q=an");

    const person = employees.find((e) => e.name.toLowerCase().includes("an"))!;
    await site.click(await byName(site, `main a[href^="/who-we-are/${person.id}"]`, person.name));
    await expect
      .poll(() =>
        site.evaluate(
          () => document.querySelector("dialog[open] h2, dialog[open] h1")?.textContent,
        ),
      )
      .toBe(person.name);
    expect(await site.evaluate(() => location.pathname)).toBe(`/who-we-are/${person.id}`);
    await site.press("Escape");
    await expect
      .poll(() => site.evaluate(() => !!document.querySelector("dialog[open]")))
      .toBe(false);
    expect(await site.evaluate(() => location.pathname)).toBe("/who-we-are");
    await expect.poll(() => focused(site)).toMatchObject({ tag: "a" });
    expect((await focused(site)).text).toContain(person.name);
  });

  test("at 375 px: the filter dialog applies a location", async ({ site, url }) => {
    await site.resize(375, 800);
    await site.goto(url("/who-we-are"));
    await site.evaluate(() => document.querySelector('main [role="status"]')!.scrollIntoView());
    await hydrated(site);
    await site.click(await byName(site, "main button", "Filter people"));
    await expect
      .poll(() => site.evaluate(() => document.querySelector("dialog[open]")?.textContent ?? ""))
      .toContain("Who are you looking for?");
    await site.click(await byName(site, "dialog[open] button", "Amsterdam"));
    await site.click(await byName(site, "dialog[open] button", "Search"));
    await expect
      .poll(() => site.evaluate(() => !!document.querySelector("dialog[open]")))
      .toBe(false);
    const n = employees.filter((e) => e.location === "Amsterdam").length;
    await expect
      .poll(() => site.evaluate(() => document.querySelector('main [role="status"]')?.textContent))
      .toBe(n === 1 ? "1 person" : `${n} people`);
  });
});

test.describe("the charity videos", () => {
  test("a video's dialog opens with English captions shown, and Escape closes it back to its button", async ({
    site,
    url,
  }) => {
    await site.resize(1280, 800);
    await site.goto(url("/charity"));
    const button = await byName(site, "main button[commandfor]", "Watch the video");
    await site.click(button);
    await expect
      .poll(() => site.evaluate(() => !!document.querySelector("dialog[open] video")))
      .toBe(true);
    const tracks = () =>
      site.evaluate(() =>
        [...document.querySelectorAll<HTMLTrackElement>("dialog[open] video > track")].map(
          (t) => `${t.srclang} ${t.track.mode}`,
        ),
      );
    // Shown as it plays, and still once the video has loaded and played a while
    // (WebKitGTK's decoder, starved of CPU on a busy machine, took over 10 s to play
    // its first second).
    await expect.poll(tracks).toEqual(["en showing"]);
    await expect
      .poll(
        () =>
          site.evaluate(
            () => document.querySelector<HTMLVideoElement>("dialog[open] video")!.currentTime,
          ),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(1);
    expect(await tracks()).toEqual(["en showing"]);
    await site.press("Escape");
    await expect
      .poll(() => site.evaluate(() => !!document.querySelector("dialog[open]")))
      .toBe(false);
    expect(
      await site.evaluate(() => document.activeElement!.hasAttribute("data-engine-target")),
    ).toBe(true);
  });
});

test.describe("the feed", () => {
  test("/latest-insights shows 3 posts and 3 more on More articles", async ({ site, url }) => {
    await site.resize(1280, 800);
    await site.goto(url("/latest-insights"));
    const posts = () => site.evaluate(() => document.querySelectorAll("main article").length);
    await expect.poll(posts).toBe(3);
    await site.click(await byName(site, "main button", "More articles"));
    await expect.poll(posts).toBe(6);
  });
});

test.describe("the counters", () => {
  test("count up from 0 to 4 and 75 once in view", async ({ site, url }) => {
    await site.resize(1280, 800);
    await site.goto(url("/"));
    // Just below the viewport the counting code arrives (it loads as its
    // block comes near) and sets the numbers to 0, out of sight.
    const counters = () =>
      site.evaluate(() =>
        [...document.querySelectorAll("[data-counter]")].map((c) => c.textContent).join(" "),
      );
    await site.evaluate(() => {
      const block = document.querySelector("[data-counter]")!.closest("section")!;
      scrollTo(0, block.getBoundingClientRect().top + scrollY - innerHeight + 1 - 100);
    });
    await expect.poll(counters).toBe("0 0");
    const seen = await site.evaluate(async () => {
      const counters = [...document.querySelectorAll("[data-counter]")];
      counters[0]!.scrollIntoView({ block: "center" });
      const values = new Set<string>();
      const end = performance.now() + 8000;
      while (performance.now() < end) {
        const now = counters.map((c) => c.textContent).join(" ");
        values.add(now);
        if (now === "4 75") break;
        await new Promise((r) => setTimeout(r, 50));
      }
      return [...values];
    });
    expect(seen.at(-1), seen.join(", ")).toBe("4 75");
    // On its way: numbers between 0 and the final ones were shown.
    expect(
      seen.some((v) => v !== "4 75" && v !== "0 0"),
      seen.join(", "),
    ).toBe(true);
  });
});
