import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import siteJson from "#content/site.json";
import { charity } from "@/lib/bundled-entries";
import type { Site } from "@/lib/content";
import { PartnerSection } from "./PartnerSection";

const site: Site = siteJson;
const partner = charity.partners[0]!;
const mediaName = (file: string) => file.replace(/\.[a-z]+$/, "");

/** The WebP sources and the img of the partner's photo: media query, files and sizes. */
function drawn(images: Partial<typeof partner.images> & { desktop: string }) {
  const { container } = render(
    <PartnerSection partner={{ ...partner, images }} index={0} labels={charity} site={site} />,
  );
  const picture = container.querySelector("picture")!;
  return [...picture.querySelectorAll("source[type='image/webp'], img")].map((el) => ({
    media: el.getAttribute("media"),
    src: el.getAttribute("srcset") ?? el.getAttribute("src"),
    sizes: el.getAttribute("sizes"),
  }));
}

describe("PartnerSection", () => {
  it("cuts the one photo to every width's shape when the partner has no phone or tablet photo", () => {
    const photos = drawn({ desktop: partner.images.desktop });
    expect(photos.map((p) => p.media)).toEqual([
      "(min-width: 1024px)",
      "(min-width: 768px)",
      null,
      null,
    ]);
    for (const { src } of photos)
      expect(src).toContain(`/media/img/${mediaName(partner.images.desktop)}-`);
    // The wide photo fills a square box on tablets and an upright one on phones: drawn wider.
    expect(photos.map((p) => p.sizes)).toEqual([
      "(min-width: 1264px) 600px, 48vw",
      "80vw",
      "214vw",
      null,
    ]);
  });

  it("shows the phone's photo of its own where the partner has one", () => {
    const [desktop, tablet, phone] = drawn({
      desktop: partner.images.desktop,
      mobile: partner.images.mobile,
    });
    expect(desktop!.src).toContain(`/media/img/${mediaName(partner.images.desktop)}-`);
    expect(tablet!.src).toContain(`/media/img/${mediaName(partner.images.desktop)}-`);
    expect(phone!.src).toContain(`/media/img/${mediaName(partner.images.mobile!)}-`);
    expect(phone!.sizes).toBe("100vw");
  });

  it("draws the three photos as they are when the partner has all three", () => {
    const photos = drawn(partner.images);
    expect(photos.map((p) => p.src!.match(/\/media\/img\/([a-z-]+)-/)![1])).toEqual([
      mediaName(partner.images.desktop),
      mediaName(partner.images.tablet!),
      mediaName(partner.images.mobile!),
      mediaName(partner.images.mobile!),
    ]);
  });
});
