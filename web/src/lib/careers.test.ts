import { describe, expect, it } from "vitest";
import siteJson from "#content/site.json";
import { careers } from "./bundled-entries";
import { benefits, jobPosting, vacancyPreview, type Vacancy } from "./careers";
import { teaserTitle } from "./career-teasers";
import type { Site } from "./content";
import { vacancyPageHead } from "./page-meta";

const site: Site = siteJson;
const { vacancies } = careers;

const a = (n: number) => "a".repeat(n);
// U+1F600 is a surrogate pair; the family emoji is one grapheme of 11 code units;
// "é" written as e + combining acute is one grapheme of two code points.
const emoji = "\u{1F600}";
const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}";
const eAcute = "e\u0301";

describe("teaserTitle", () => {
  it.each([
    [19, a(19), false],
    [20, a(20), false],
    [21, `${a(20)}…`, true],
  ])("a title of %i characters", (n, text, cut) => {
    expect(teaserTitle(a(n))).toEqual({ text, cut });
  });

  it("counts multi-byte characters as one and never splits them", () => {
    expect(teaserTitle(emoji.repeat(20))).toEqual({ text: emoji.repeat(20), cut: false });
    expect(teaserTitle(emoji.repeat(21)).text).toBe(`${emoji.repeat(20)}…`);
    expect(teaserTitle(`${a(19)}${family}x`).text).toBe(`${a(19)}${family}…`);
    expect(teaserTitle(`${a(19)}${eAcute}x`).text).toBe(`${a(19)}${eAcute}…`);
    expect(teaserTitle(`${a(19)}${eAcute}`).cut).toBe(false);
  });

  it("drops a space left at the cut", () => {
    expect(teaserTitle("Intern Business Operations").text).toBe("Intern Business Oper…");
    expect(teaserTitle("Asset Manager Residential").text).toBe("Asset Manager Reside…");
    expect(teaserTitle(`${a(19)} bcd`).text).toBe(`${a(19)}…`);
  });
});

describe("vacancyPreview", () => {
  const withRole = (roleText: string) => ({ roleText });
  it.each([
    [149, a(149)],
    [150, a(150)],
    [151, `${a(150)} ...`],
  ])("a role text of %i characters", (n, preview) => {
    expect(vacancyPreview(withRole(`<p>${a(n)}</p>`))).toBe(preview);
  });

  it("prefers previewText when set", () => {
    expect(vacancyPreview({ previewText: a(151), roleText: "<p>role</p>" })).toBe(`${a(150)} ...`);
    expect(vacancyPreview({ previewText: "Short.", roleText: `<p>${a(300)}</p>` })).toBe("Short.");
  });

  it("strips HTML, decodes entities and keeps words apart across blocks", () => {
    expect(
      vacancyPreview(
        withRole(
          "<p>You &amp; <strong>us</strong>.</p><ul><li>One</li><li>Two&nbsp;&#8364;</li></ul>",
        ),
      ),
    ).toBe("You & us. One Two €");
  });

  it("never splits a multi-byte character", () => {
    expect(vacancyPreview(withRole(emoji.repeat(150)))).toBe(emoji.repeat(150));
    expect(vacancyPreview(withRole(emoji.repeat(151)))).toBe(`${emoji.repeat(150)} ...`);
    expect(vacancyPreview(withRole(`${a(149)}${family}${family}`))).toBe(`${a(149)}${family} ...`);
  });

  it("gives every real vacancy a preview of at most 150 characters plus the suffix", () => {
    for (const v of vacancies) {
      const p = vacancyPreview(v);
      expect(Array.from(p.replace(/ \.\.\.$/, "")).length).toBeLessThanOrEqual(150);
      expect(p).not.toMatch(/[<>]/);
    }
  });
});

describe("benefits", () => {
  const headings = { text: "The benefits", list: "What we offer" };
  it("shows the free text under 'The benefits' when the list is empty", () => {
    expect(benefits({ benefitsList: [], benefitsText: "Lunch." }, headings)).toEqual({
      heading: "The benefits",
      kind: "text",
      text: "Lunch.",
    });
  });
  it("shows the list under 'What we offer' otherwise", () => {
    expect(benefits({ benefitsList: ["A", "B"], benefitsText: "ignored" }, headings)).toEqual({
      heading: "What we offer",
      kind: "list",
      items: ["A", "B"],
    });
  });
  it("the content has one vacancy of each kind", () => {
    const kinds = vacancies.map((v) => benefits(v, headings).kind);
    expect(kinds).toContain("text");
    expect(kinds).toContain("list");
  });
});

describe("jobPosting", () => {
  const office = site.offices[0]!;
  const v = vacancies[0] as Vacancy;
  const posting = jobPosting(
    v,
    { name: "Firm", url: "https://firm.example" },
    office,
    "https://firm.example",
  );
  it("has the fields search engines require", () => {
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      "@type": "JobPosting",
      title: v.title,
      datePosted: v.datePosted,
      employmentType: v.employmentType,
      hiringOrganization: { "@type": "Organization", name: "Firm" },
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
      url: `https://firm.example/careers/${v.slug}`,
    });
    expect(posting.description).toContain(v.roleText);
  });
  it("escapes plain text in the HTML description", () => {
    const p = jobPosting(
      { ...v, headerText: "<b>x</b> & y" },
      { name: "F", url: "https://f" },
      office,
      "https://f",
    );
    expect(p.description).toMatch(/^<p>&lt;b&gt;x&lt;\/b&gt; &amp; y<\/p>/);
  });
  it("leaves validThrough out unless set", () => {
    expect("validThrough" in posting).toBe(v.validThrough !== undefined);
    const withEnd = jobPosting(
      { ...v, validThrough: "2030-01-01" },
      { name: "F", url: "https://f" },
      office,
      "https://f",
    );
    expect(withEnd.validThrough).toBe("2030-01-01");
  });
  it("gives the hiring organisation its logo as an absolute ImageObject when there is one", () => {
    expect("logo" in (posting.hiringOrganization as object)).toBe(false);
    const p = jobPosting(
      v,
      {
        name: "F",
        url: "https://f",
        logo: { src: "/media/share/logo.0a1b2c3d.png", width: 512, height: 512 },
      },
      office,
      "https://f",
    );
    expect(p.hiringOrganization).toMatchObject({
      logo: { "@type": "ImageObject", url: "https://f/media/share/logo.0a1b2c3d.png", width: 512 },
    });
  });
});

describe("vacancyPageHead", () => {
  const v = vacancies[0] as Vacancy;
  it("titles the page with the vacancy and its location, and describes it with the header text", () => {
    const head = vacancyPageHead(v);
    expect(head.title).toBe(`${v.title}, ${v.location} | ${site.name}`);
    const description = head.meta.find((m) => "name" in m && m.name === "description");
    expect(Array.from(description?.content ?? "").length).toBeLessThanOrEqual(156);
    expect(v.headerText.startsWith((description?.content ?? "").replace(/…$/, ""))).toBe(true);
    expect(head.canonical).toMatch(new RegExp(`/careers/${v.slug}$`));
  });
  it("carries one JobPosting for the vacancy's office", () => {
    const [posting, ...rest] = vacancyPageHead(v).jsonLd as Record<string, unknown>[];
    expect(rest).toEqual([]);
    expect(posting).toMatchObject({ "@type": "JobPosting", title: v.title });
  });
  it("carries no JobPosting when the office is unknown", () => {
    expect(vacancyPageHead({ ...v, office: "atlantis" }).jsonLd).toEqual([]);
  });
});
