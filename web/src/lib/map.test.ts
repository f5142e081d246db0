import { describe, expect, it } from "vitest";
import { osmEmbedUrl, osmPageUrl, wireMapConsent } from "./map";

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

describe("wireMapConsent", () => {
  const html = `<section data-map>
      <div class="map"><template data-map-frame><iframe src="https://www.openstreetmap.org/export/embed.html?x" title="Map"></iframe></template>
      <div data-map-preview><img alt="Street map"><button type="button" data-map-show>Show map</button></div></div>
      <p data-map-link hidden><a href="https://www.openstreetmap.org/">Open</a></p>
    </section>`;

  it("keeps the frame inert until Show map, then puts it in the preview's place and focuses it", () => {
    document.body.innerHTML = html;
    const undo = wireMapConsent(document);
    expect(document.querySelectorAll("iframe")).toHaveLength(0); // only in the template's content
    (document.querySelector("[data-map-show]") as HTMLButtonElement).click();
    const frame = document.querySelector("iframe")!;
    expect(frame.getAttribute("src")).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed/);
    expect(document.querySelector("[data-map-preview]")).toBeNull();
    expect(document.querySelector<HTMLElement>("[data-map-link]")!.hidden).toBe(false);
    expect(document.activeElement).toBe(frame);
    undo();
  });
});
