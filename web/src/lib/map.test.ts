import { describe, expect, it } from "vitest";
import { osmEmbedUrl, osmPageUrl } from "./map";

describe("osmEmbedUrl", () => {
  it("centres a bounding box and marker on the point", () => {
    const url = new URL(osmEmbedUrl({ lat: 52.35, lon: 4.84, span: 0.01 }));
    expect(url.origin).toBe("https://www.openstreetmap.org");
    expect(url.pathname).toBe("/export/embed.html");
    expect(url.searchParams.get("bbox")).toBe("4.83000,52.34400,4.85000,52.35600");
    expect(url.searchParams.get("marker")).toBe("52.35000,4.84000");
    expect(url.searchParams.get("layer")).toBe("mapnik");
  });
});

describe("osmPageUrl", () => {
  it("links to the point", () => {
    expect(osmPageUrl({ lat: 52.35, lon: 4.84, span: 0.01 })).toBe(
      "https://www.openstreetmap.org/?mlat=52.35000&mlon=4.84000#map=17/52.35000/4.84000",
    );
  });
});
