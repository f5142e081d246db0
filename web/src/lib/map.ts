// The contact page's map: an OpenStreetMap embed, loaded only after consent.

export interface MapPoint {
  lat: number;
  lon: number;
  /** Half the width of the shown area in degrees of longitude. */
  span: number;
}

/** The embed URL of OpenStreetMap centred on a point with a marker. */
export function osmEmbedUrl({ lat, lon, span }: MapPoint): string {
  const dLat = span * 0.6;
  const bbox = [lon - span, lat - dLat, lon + span, lat + dLat].map((n) => n.toFixed(5)).join(",");
  const params = new URLSearchParams({
    bbox,
    layer: "mapnik",
    marker: `${lat.toFixed(5)},${lon.toFixed(5)}`,
  });
  return `https://www.openstreetmap.org/export/embed.html?${params.toString()}`;
}

/** The full map page on OpenStreetMap, for the link under the embed. */
export function osmPageUrl({ lat, lon }: MapPoint, zoom = 17): string {
  return `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lon.toFixed(5)}#map=${zoom}/${lat.toFixed(5)}/${lon.toFixed(5)}`;
}

/** On `[data-map-show]`, the templated frame replaces the preview and takes focus. Returns an undo. */
export function wireMapConsent(root: ParentNode): () => void {
  const undo: Array<() => void> = [];
  for (const button of root.querySelectorAll<HTMLButtonElement>("[data-map-show]")) {
    const section = button.closest("[data-map]");
    const template = section?.querySelector<HTMLTemplateElement>("template[data-map-frame]");
    const preview = section?.querySelector<HTMLElement>("[data-map-preview]");
    if (!section || !template || !preview) continue;
    const onClick = () => {
      const frame = template.content.firstElementChild!.cloneNode(true) as HTMLIFrameElement;
      preview.replaceWith(frame);
      section.querySelector<HTMLElement>("[data-map-link]")?.removeAttribute("hidden");
      frame.focus();
    };
    button.addEventListener("click", onClick);
    undo.push(() => button.removeEventListener("click", onClick));
  }
  return () => undo.forEach((fn) => fn());
}
