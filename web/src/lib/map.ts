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
