import { readFileSync } from "node:fs";
import { readEntries } from "../lib/content-dir.mjs";
import type { Person, VacancyEntry } from "../src/generated/content-entries";
import {
  expect,
  expectNoAxeViolations,
  scrollIntoViewAndSettle,
  test,
  waitForHydration,
} from "./fixtures";

/** A content file, typed from the file itself. */
const content = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../../content/${file}`, import.meta.url), "utf8")) as T;
const careersJson = content<typeof import("../../content/careers.json")>("careers.json");
const siteJson = content<typeof import("../../content/site.json")>("site.json");
const pagesJson = content<typeof import("../../content/pages.json")>("pages.json");

const vacancies: VacancyEntry[] = readEntries("careers");
const directory: Person[] = readEntries("people");
const detailHeadings = (v: (typeof vacancies)[number]) => [
  "The people",
  "The role",
  "The profile",
  "Personal characteristics",
  v.benefitsList.length === 0 ? "The benefits" : "What we offer",
  "Our Ambitions",
  "For more information",
];

test.describe("/careers", () => {
  test("lists every vacancy as a card linking to a page that answers 200", async ({
    page,
    request,
  }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Careers" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Who we welcome" })).toBeVisible();
    await expect(
      page.getByRole("heading", {
        level: 2,
        name: "We currently have the following job openings:",
      }),
    ).toBeVisible();
    await expect(page.getByText("Currently we have no job openings.")).toHaveCount(0);
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(3);
    for (const [i, v] of vacancies.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(v.title);
      await expect(card.getByText(v.location, { exact: true })).toBeVisible();
      await expect(card.locator("img")).toHaveCount(1);
      const preview = (await card.locator("p").nth(1).textContent()) ?? "";
      expect(Array.from(preview.replace(/ \.\.\.$/, "")).length).toBeLessThanOrEqual(150);
      const link = card.getByRole("link", { name: /^More information/ });
      await expect(link).toHaveAttribute("href", `/careers/${v.slug}`);
      expect((await request.get(`/careers/${v.slug}`)).status()).toBe(200);
    }
    // The previews are cut: at least one ends in " ..." (the role texts are long).
    await expect(cards.getByText(/ \.\.\.$/)).not.toHaveCount(0);
  });

  test("the background video loops muted with a poster and a pause control", async ({ page }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const video = page.locator("video");
    await expect(video).toHaveAttribute("poster", /careers-background-poster/);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && !v.controls)).toBe(
      true,
    );
    const pause = page.getByRole("button", { name: "Pause background video" });
    await expect(pause).toBeVisible();
    await pause.click();
    await expect(page.getByRole("button", { name: "Play background video" })).toBeVisible();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.getByRole("button", { name: "Play background video" }).press("Enter");
    await expect(page.getByRole("button", { name: "Pause background video" })).toBeVisible();
  });

  test("the video stays paused under reduced motion, until the visitor presses play", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/careers");
    await waitForHydration(page);
    const video = page.locator("video");
    await expect(page.getByRole("button", { name: "Play background video" })).toBeVisible();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused && !v.autoplay)).toBe(true);
    await page.getByRole("button", { name: "Play background video" }).click();
    await expect(page.getByRole("button", { name: "Pause background video" })).toBeVisible();
  });

  // Pages are separate documents: while a vacancy page is on its way the
  // visitor keeps the careers page, and then sees the vacancy page whole.
  // ('Wordt geladen...' was the text of a half-loaded vacancy page under
  // client-side routing; there is no such state any more.)
  test("a vacancy page is never shown half-loaded, even on a slow network", async ({ page }) => {
    const v = vacancies[0]!;
    let asked = false;
    // Hold back the vacancy page, as a slow network would.
    await page.route(new RegExp(`/careers/${v.slug}$`), async (route) => {
      asked = true;
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    // A prefetch (speculation rules, on hover) is not seen by page.route: serve
    // the careers page without its rules, so that the slow request is the
    // navigation itself.
    await page.route(/\/careers$/, async (route) => {
      const response = await route.fetch();
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(
          ([name]) => !["content-encoding", "content-length"].includes(name),
        ),
      );
      const body = (await response.text()).replace(
        /<script type="speculationrules">[^<]*<\/script>/,
        "",
      );
      await route.fulfill({ status: response.status(), headers, body });
    });
    await page.goto("/careers");
    await waitForHydration(page);
    await expect(page.getByText("Wordt geladen...")).toHaveCount(0);
    expect(await page.locator('script[type="speculationrules"]').count()).toBe(0);
    // While the navigation is held, locators and page.evaluate wait for it: the
    // page itself records what it shows, into sessionStorage (kept across the
    // navigation), every 50 ms until it is replaced.
    await page.evaluate(() => {
      const record = () => {
        const shown = {
          h1: document.querySelector("h1")?.textContent,
          cards: document.querySelectorAll("main article").length,
          loading: document.body.innerText.includes("Wordt geladen"),
        };
        const seen = JSON.parse(sessionStorage.getItem("shown") ?? "[]") as unknown[];
        sessionStorage.setItem("shown", JSON.stringify([...seen, shown]));
      };
      document.addEventListener("click", () => setInterval(record, 50), { capture: true });
    });
    const more = page.getByRole("link", { name: /^More information/ }).first();
    // Seen before it is clicked: the cards rise into place as they scroll in,
    // so a click aimed mid-scroll can miss the link (CI, under load).
    await scrollIntoViewAndSettle(page, more);
    await more.click();
    // The click returns once the navigation has started; the route handler
    // sees the request in a task of the test's own, a moment later.
    await expect
      .poll(() => asked, { message: "the vacancy page came over the slow route" })
      .toBe(true);
    await expect(page.getByRole("heading", { level: 1, name: v.title })).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
      detailHeadings(v),
    );
    await expect(page.getByText("Wordt geladen...")).toHaveCount(0);
    // While the vacancy page was on its way: the careers page, whole, no loading text.
    const shown = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem("shown"))) ?? "[]",
    ) as unknown[];
    expect(shown.length).toBeGreaterThanOrEqual(4);
    expect(new Set(shown.map((s) => JSON.stringify(s)))).toEqual(
      new Set([JSON.stringify({ h1: "Careers", cards: vacancies.length, loading: false })]),
    );
  });

  test("a direct visit to a vacancy never shows the loading text", async ({ page }) => {
    const html = await (await page.request.get(`/careers/${vacancies[1]!.slug}`)).text();
    expect(html).not.toContain("Wordt geladen");
    await page.goto(`/careers/${vacancies[1]!.slug}`);
    await waitForHydration(page);
    await expect(page.getByText("Wordt geladen...")).toHaveCount(0);
  });

  test("works with the keyboard", async ({ page }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    const link = page.getByRole("link", { name: /^More information/ }).nth(2);
    await link.focus();
    await expect(link).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/careers/${vacancies[2]!.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: vacancies[2]!.title })).toBeVisible();
  });
});

test.describe("/careers/{slug}", () => {
  for (const v of vacancies) {
    test(`${v.slug} has every section, its contact and a JobPosting`, async ({ page }) => {
      const response = await page.goto(`/careers/${v.slug}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page).toHaveTitle(new RegExp(`^${v.title}`));
      const header = page.locator("article > header");
      await expect(header.getByRole("heading", { level: 1 })).toHaveText(v.title);
      await expect(header.getByText(v.location, { exact: true })).toBeVisible();
      await expect(header.getByText(v.headerText)).toBeVisible();
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
        detailHeadings(v),
      );

      const people = page.getByRole("region", { name: "The people" });
      await expect(people).toContainText("about 80 professionals in 4 offices");
      for (const value of careersJson.detail.people.coreValues) {
        await expect(people.getByText(value, { exact: true })).toBeVisible();
      }
      await expect(people.getByRole("link", { name: "Meet the team" })).toHaveAttribute(
        "href",
        "/who-we-are",
      );

      const role = page.getByRole("region", { name: "The role" });
      await expect(role.locator("img")).toHaveCount(v.roleImage2 ? 2 : 1);
      await expect(
        role.locator('script, style, [onerror], [onclick], a[href^="javascript"]'),
      ).toHaveCount(0);

      const profile = page.getByRole("region", { name: "The profile" });
      await expect(profile.getByText(v.profileText)).toBeVisible();
      await expect(profile.getByRole("list").first().getByRole("listitem")).toHaveCount(
        v.requirements.length,
      );
      await expect(profile.getByRole("heading", { level: 3, name: "Who you are" })).toHaveCount(
        v.personalAttributes ? 1 : 0,
      );

      await expect(
        page
          .getByRole("region", { name: "Personal characteristics" })
          .getByRole("heading", { level: 3 }),
      ).toHaveCount(4);

      const benefits = page.getByRole("region", { name: detailHeadings(v)[4] });
      if (v.benefitsList.length === 0)
        await expect(benefits.getByText(v.benefitsText!)).toBeVisible();
      else await expect(benefits.getByRole("listitem")).toHaveCount(v.benefitsList.length);

      await expect(page.getByRole("region", { name: "Our Ambitions" })).toBeVisible();
      const contact = page.getByRole("region", { name: "For more information" });
      // The contact is a person of the directory: their job title, name and e-mail.
      const person = directory.find((p) => p.id === v.contact)!;
      await expect(contact.getByText(person.teamShown, { exact: true })).toBeVisible();
      await expect(contact.getByText(person.name, { exact: true })).toBeVisible();
      await expect(contact.getByRole("link", { name: person.email! })).toHaveAttribute(
        "href",
        new RegExp(`^mailto:${person.email}`),
      );

      // JSON-LD: one JobPosting with the fields search engines require.
      const ld = page.locator('script[type="application/ld+json"]');
      await expect(ld).toHaveCount(1);
      const posting = JSON.parse((await ld.textContent()) ?? "");
      const office = siteJson.offices.find((o) => o.id === v.office)!;
      expect(posting).toMatchObject({
        "@context": "https://schema.org",
        "@type": "JobPosting",
        title: v.title,
        datePosted: v.datePosted,
        employmentType: v.employmentType,
        hiringOrganization: { "@type": "Organization", name: siteJson.name },
        jobLocation: {
          "@type": "Place",
          address: {
            "@type": "PostalAddress",
            streetAddress: office.address,
            addressLocality: office.title,
            postalCode: office.zipCode,
            addressCountry: office.country,
          },
        },
      });
      expect(posting.description.length).toBeGreaterThan(100);
      if ("validThrough" in v) expect(posting.validThrough).toBe(v.validThrough);
      // Settle every reveal fade first: axe scrolls, and mid-fade contrast is noise.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await expectNoAxeViolations(page);
    });
  }

  // Links in content are plain links: the site page they name opens (a new
  // document now; under client-side routing this also checked no reload).
  test("a site link inside the role text leads to that page", async ({ page }) => {
    await page.goto("/careers/asset-manager");
    await waitForHydration(page);
    const link = page.getByRole("region", { name: "The role" }).getByRole("link", {
      name: "What we do",
    });
    await expect(link).toHaveAttribute("href", "/what-we-do");
    // Seen before it is clicked: the role text rises into place as it scrolls in.
    await scrollIntoViewAndSettle(page, link);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/what-we-do"),
      link.click(),
    ]);
    expect(response.status()).toBe(200);
    // A navigation, not an expect poll: on a loaded machine the new document
    // (with its view transition) can take longer than expect's 5 s.
    await page.waitForURL(/\/what-we-do$/);
    await expect(
      page.getByRole("heading", { level: 1, name: pagesJson["/what-we-do"].heading }),
    ).toBeVisible();
  });

  test("/careers/does-not-exist answers 404 with the 404 page", async ({ page }) => {
    const response = await page.goto("/careers/does-not-exist");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
    await expect(page.getByText("Wordt geladen...")).toHaveCount(0);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  });
});

test.describe("career teasers on /what-we-do", () => {
  test("the first three vacancies after the charity teaser, titles cut at 20 characters, and More careers", async ({
    page,
  }) => {
    await page.goto("/what-we-do");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: careersJson.page.teasers.heading });
    // Placed where the spec lists it: the last block, after the charity teaser.
    const headings = await page
      .getByRole("main")
      .getByRole("heading", { level: 2 })
      .allTextContents();
    expect(headings.at(-1)).toBe(careersJson.page.teasers.heading);
    expect(headings.at(-2)).toMatch(/charity/i);
    for (const v of vacancies.slice(0, 3)) {
      const link = section.getByRole("link", { name: new RegExp(`^${v.title}`) });
      await expect(link).toHaveAttribute("href", `/careers/${v.slug}`);
      const chars = Array.from(v.title);
      if (chars.length > 20) {
        await expect(link).toHaveAttribute("title", v.title);
        await expect(link.locator('[aria-hidden="true"]')).toHaveText(
          `${chars.slice(0, 20).join("").trimEnd()}…`,
        );
      } else {
        await expect(link).not.toHaveAttribute("title");
        await expect(link).toContainText(v.title);
      }
    }
    const more = section.getByRole("link", { name: careersJson.page.teasers.moreLabel });
    await scrollIntoViewAndSettle(page, more);
    await more.click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(page.getByRole("heading", { level: 1, name: "Careers" })).toBeVisible();
  });

  test("a teaser opens its vacancy", async ({ page }) => {
    await page.goto("/what-we-do");
    await waitForHydration(page);
    const teaser = page.getByRole("link", { name: new RegExp(`^${vacancies[1]!.title}`) });
    // The teasers rise into place as they scroll in: clicked once drawn there.
    await scrollIntoViewAndSettle(page, teaser);
    await teaser.click();
    await expect(page.getByRole("heading", { level: 1, name: vacancies[1]!.title })).toBeVisible();
  });
});

test.describe("small screens", () => {
  for (const path of ["/careers", "/what-we-do", ...vacancies.map((v) => `/careers/${v.slug}`)]) {
    test(`${path} at 375 px: no horizontal scroll, axe clean`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      // axe scrolls elements into view, which starts reveal fades; measuring
      // contrast mid-fade is noise, so check the settled page.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(path);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      await expectNoAxeViolations(page);
    });
  }
});
