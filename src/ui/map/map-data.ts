// What the maps show, as plain data (no maplibre-gl here: pages and tests import this without loading the map).
import type * as GeoJSON from 'geojson';

/** Points as parallel arrays (the map endpoints' answers). */
export interface MapPoints {
  ids: readonly number[];
  lat: readonly number[];
  lng: readonly number[];
  category: readonly number[];
}

/** A category of points: its legend label and colour. */
export interface MapCategory {
  label: string;
  colour: string;
}

/** An outlined area (a zone): a closed ring of [longitude, latitude]. */
export interface MapArea {
  id: string;
  ring: readonly (readonly [number, number])[];
  colour?: string;
}

/** West, south, east, north. */
export type MapBounds = [number, number, number, number];

/** The points as GeoJSON features (id and category as properties), without hidden categories. */
export function pointsToGeoJson(points: MapPoints | undefined, hidden?: ReadonlySet<number>): GeoJSON.FeatureCollection<GeoJSON.Point, { id: number; c: number }> {
  const features: GeoJSON.Feature<GeoJSON.Point, { id: number; c: number }>[] = [];
  if (points) {
    for (let i = 0; i < points.ids.length; i++) {
      const c = points.category[i]!;
      if (hidden?.has(c)) continue;
      features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [points.lng[i]!, points.lat[i]!] }, properties: { id: points.ids[i]!, c } });
    }
  }
  return { type: 'FeatureCollection', features };
}

/** The bounds of the points and areas, or undefined when there are none. */
export function boundsOf(points: MapPoints | undefined, areas: readonly MapArea[] | undefined): MapBounds | undefined {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  const add = (lng: number, lat: number) => {
    w = Math.min(w, lng);
    e = Math.max(e, lng);
    s = Math.min(s, lat);
    n = Math.max(n, lat);
  };
  if (points) for (let i = 0; i < points.ids.length; i++) add(points.lng[i]!, points.lat[i]!);
  for (const area of areas ?? []) for (const [lng, lat] of area.ring) add(lng, lat);
  return Number.isFinite(w) ? [w, s, e, n] : undefined;
}


/** Indexes of the points inside the bounds, leaving out hidden categories. */
export function pointsInBounds(points: MapPoints, bounds: MapBounds, hidden?: ReadonlySet<number>): number[] {
  const [w, s, e, n] = bounds;
  const out: number[] = [];
  for (let i = 0; i < points.ids.length; i++) {
    const lng = points.lng[i]!;
    const lat = points.lat[i]!;
    if (lng >= w && lng <= e && lat >= s && lat <= n && !hidden?.has(points.category[i]!)) out.push(i);
  }
  return out;
}

/** A set with the index added or removed. */
export function toggle(set: ReadonlySet<number>, index: number): ReadonlySet<number> {
  const next = new Set(set);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}
