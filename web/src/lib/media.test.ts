import { createElement } from "react";
import { render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

// The real manifest is build output (scripts/build-media.mjs); tests mock it with a fixture.
const fixture = {
  images: {
    "home-hero": {
      file: "home-hero.jpg",
      width: 2000,
      height: 1250,
      color: "#e4d6bc",
      avif: [
        { w: 640, src: "/media/img/home-hero-640.bbbbbbbb.avif" },
        { w: 320, src: "/media/img/home-hero-320.aaaaaaaa.avif" },
      ],
      webp: [
        { w: 320, src: "/media/img/home-hero-320.cccccccc.webp" },
        { w: 640, src: "/media/img/home-hero-640.dddddddd.webp" },
        { w: 1920, src: "/media/img/home-hero-1920.eeeeeeee.webp" },
      ],
    },
    "esg-mobile": {
      file: "esg-mobile.jpg",
      width: 900,
      height: 1200,
      color: "#7f927a",
      avif: [{ w: 900, src: "/media/img/esg-mobile-900.11111111.avif" }],
      webp: [{ w: 900, src: "/media/img/esg-mobile-900.22222222.webp" }],
    },
    "esg-tablet": {
      file: "esg-tablet.jpg",
      width: 1200,
      height: 1200,
      color: "#7f927a",
      avif: [{ w: 1200, src: "/media/img/esg-tablet-1200.33333333.avif" }],
      webp: [{ w: 1200, src: "/media/img/esg-tablet-1200.44444444.webp" }],
    },
    "esg-desktop": {
      file: "esg-desktop.jpg",
      width: 2000,
      height: 1250,
      color: "#7f927a",
      avif: [{ w: 1920, src: "/media/img/esg-desktop-1920.55555555.avif" }],
      webp: [{ w: 1920, src: "/media/img/esg-desktop-1920.66666666.webp" }],
    },
  },
  videos: {
    "charity-intro": { file: "charity-intro.mp4", src: "/media/video/charity-intro.0123abcd.mp4" },
  },
  logos: {
    anbi: { file: "anbi.svg", src: "/media/logos/anbi.89abcdef.svg", width: 120, height: 48 },
  },
  documents: {
    "code-of-conduct": {
      file: "code-of-conduct.pdf",
      src: "/media/documents/code-of-conduct.pdf",
      bytes: 11687,
    },
  },
};
vi.mock("@/generated/media.css", () => ({}));
vi.mock("@/generated/media.json", () => ({ default: fixture }));

const { image, video, logo, document, hasMedia } = await import("./media-manifest");
const media = { ...(await import("./media")), image, video, logo, document, hasMedia };
const { ResponsiveImage, ResponsiveArtImage } = await import("@/components/ResponsiveImage");

describe("media accessors", () => {
  it("returns entries with their name", () => {
    expect(media.image("home-hero.jpg")).toMatchObject({
      name: "home-hero",
      width: 2000,
      height: 1250,
      color: "#e4d6bc",
    });
    expect(media.video("charity-intro.mp4").src).toBe("/media/video/charity-intro.0123abcd.mp4");
    expect(media.logo("anbi.svg")).toEqual({
      name: "anbi",
      src: "/media/logos/anbi.89abcdef.svg",
      width: 120,
      height: 48,
    });
    expect(media.document("code-of-conduct.pdf")).toEqual({
      name: "code-of-conduct",
      src: "/media/documents/code-of-conduct.pdf",
      bytes: 11687,
    });
  });

  it("keeps the source file name out of what it returns (islands get these as props)", () => {
    expect(media.image("home-hero.jpg")).not.toHaveProperty("file");
  });

  it.each([
    [
      "image",
      () => media.image("home-heroo.jpg"),
      'Unknown image "home-heroo.jpg": no content/media/images/home-heroo.jpg (rebuild media after adding it)',
    ],
    [
      "video",
      () => media.video("nope.mp4"),
      'Unknown video "nope.mp4": no content/media/video/nope.mp4 (rebuild media after adding it)',
    ],
    [
      "logo",
      () => media.logo("nope.svg"),
      'Unknown logo "nope.svg": no content/media/logos/nope.svg (rebuild media after adding it)',
    ],
    [
      "document",
      () => media.document("nope.pdf"),
      'Unknown document "nope.pdf": no content/media/documents/nope.pdf (rebuild media after adding it)',
    ],
  ])("throws an error naming the missing %s file", (_kind, call, message) => {
    expect(call).toThrow(media.MissingMediaError);
    expect(call).toThrow(message);
  });

  it.each([
    [
      "another extension",
      () => media.image("home-hero.png"),
      "home-hero.png",
      "no content/media/images/home-hero.png (there is home-hero.jpg: use that file name)",
    ],
    [
      "no extension",
      () => media.image("home-hero"),
      "home-hero",
      "no content/media/images/home-hero (there is home-hero.jpg: use that file name)",
    ],
    [
      "an upper-case extension",
      () => media.logo("anbi.SVG"),
      "anbi.SVG",
      "no content/media/logos/anbi.SVG (there is anbi.svg: use that file name)",
    ],
    [
      "a file of another kind",
      () => media.document("anbi.svg"),
      "anbi.svg",
      "no content/media/documents/anbi.svg (rebuild media after adding it)",
    ],
  ])("refuses %s, saying which file there is", (_case, call, file, detail) => {
    expect(call).toThrow(media.MissingMediaError);
    expect(call).toThrow(`"${file}": ${detail}`);
  });

  it("does not treat object prototype keys as media", () => {
    expect(() => media.image("constructor")).toThrow(/Unknown image "constructor"/);
    expect(media.hasMedia("images", "toString")).toBe(false);
    expect(media.hasMedia("images", "home-hero.jpg")).toBe(true);
    expect(media.hasMedia("images", "home-hero")).toBe(false);
    expect(media.hasMedia("images", "home-hero.png")).toBe(false);
  });

  it("works over any manifest", () => {
    const m = media.createMedia({ images: {}, videos: {}, logos: {}, documents: {} });
    expect(() => m.image("home-hero.jpg")).toThrow(/home-hero/);
  });
});

describe("srcset", () => {
  it("lists variants by ascending width with w descriptors", () => {
    expect(media.srcset(media.image("home-hero.jpg").avif)).toBe(
      "/media/img/home-hero-320.aaaaaaaa.avif 320w, /media/img/home-hero-640.bbbbbbbb.avif 640w",
    );
  });
  it("is empty for no variants", () => {
    expect(media.srcset([])).toBe("");
  });
});

describe("fallbackSrc", () => {
  it("takes the smallest WebP at least the target width", () => {
    expect(media.fallbackSrc(media.image("home-hero.jpg"), 500)).toBe(
      "/media/img/home-hero-640.dddddddd.webp",
    );
  });
  it("takes the largest when none is wide enough", () => {
    expect(media.fallbackSrc(media.image("esg-mobile.jpg"), 960)).toBe(
      "/media/img/esg-mobile-900.22222222.webp",
    );
  });
});

describe("formatBytes", () => {
  it.each([
    [512, "512 B"],
    [11687, "11 KB"],
    [1_468_006, "1.4 MB"],
  ])("%i -> %s", (bytes, text) => expect(media.formatBytes(bytes)).toBe(text));
});

describe("ResponsiveImage", () => {
  it("renders a picture with AVIF and WebP sources and a sized, lazy img", () => {
    const { container } = render(
      createElement(ResponsiveImage, { name: "home-hero.jpg", alt: "Canal houses", sizes: "50vw" }),
    );
    const sources = container.querySelectorAll("picture > source");
    expect([...sources].map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.getAttribute("srcset")).toContain("home-hero-320.aaaaaaaa.avif 320w");
    expect(sources[0]?.getAttribute("sizes")).toBe("50vw");
    const img = container.querySelector("img")!;
    expect(img.getAttribute("alt")).toBe("Canal houses");
    expect(img.getAttribute("width")).toBe("2000");
    expect(img.getAttribute("height")).toBe("1250");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.hasAttribute("fetchpriority")).toBe(false);
    expect(img.className).toContain("media-bg-home-hero");
    expect(container.querySelector("[style]")).toBeNull();
  });

  it("loads eagerly with high priority when priority is set", () => {
    const { container } = render(
      createElement(ResponsiveImage, { name: "home-hero.jpg", alt: "", priority: true }),
    );
    const img = container.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("alt")).toBe("");
  });

  it("throws for an unknown image name", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(createElement(ResponsiveImage, { name: "missing.jpg", alt: "" }))).toThrow(
      /Unknown image "missing.jpg"/,
    );
  });
});

describe("ResponsiveArtImage", () => {
  it("serves desktop from 1024 px, tablet from 768 px and mobile below", () => {
    const { container } = render(
      createElement(ResponsiveArtImage, {
        mobile: "esg-mobile.jpg",
        tablet: "esg-tablet.jpg",
        desktop: "esg-desktop.jpg",
        alt: "ESG Initiatives",
      }),
    );
    const sources = [...container.querySelectorAll("picture > source")].map((s) => [
      s.getAttribute("media"),
      s.getAttribute("type"),
      s.getAttribute("srcset"),
      s.getAttribute("width"),
      s.getAttribute("height"),
    ]);
    expect(sources).toEqual([
      [
        "(min-width: 1024px)",
        "image/avif",
        "/media/img/esg-desktop-1920.55555555.avif 1920w",
        "2000",
        "1250",
      ],
      [
        "(min-width: 1024px)",
        "image/webp",
        "/media/img/esg-desktop-1920.66666666.webp 1920w",
        "2000",
        "1250",
      ],
      [
        "(min-width: 768px)",
        "image/avif",
        "/media/img/esg-tablet-1200.33333333.avif 1200w",
        "1200",
        "1200",
      ],
      [
        "(min-width: 768px)",
        "image/webp",
        "/media/img/esg-tablet-1200.44444444.webp 1200w",
        "1200",
        "1200",
      ],
      [null, "image/avif", "/media/img/esg-mobile-900.11111111.avif 900w", "900", "1200"],
      [null, "image/webp", "/media/img/esg-mobile-900.22222222.webp 900w", "900", "1200"],
    ]);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("alt")).toBe("ESG Initiatives");
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["900", "1200"]);
    expect(container.querySelector("[style]")).toBeNull();
  });
});
