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

/**
 * The points as one MultiPoint feature per shown category (its index as property `c`), hidden categories left out.
 * MapLibre copies a source's data to its worker object by object, and clusters each position of a MultiPoint as a
 * point of its own: one feature per point (a Feature, its geometry, its coordinates and its properties each) took
 * about 0.3 s of CPU to hand over for 50,000 points, the positions alone a sixth of that. A drawn point is told
 * apart by its category and position: see nearestPoint.
 */
export function pointsToMultiPoints(points: MapPoints | undefined, hidden?: ReadonlySet<number>): GeoJSON.FeatureCollection<GeoJSON.MultiPoint, { c: number }> {
  const byCategory = new Map<number, GeoJSON.Position[]>();
  if (points) {
    for (let i = 0; i < points.ids.length; i++) {
      const c = points.category[i]!;
      if (hidden?.has(c)) continue;
      let positions = byCategory.get(c);
      if (!positions) byCategory.set(c, (positions = []));
      positions.push([points.lng[i]!, points.lat[i]!]);
    }
  }
  return {
    type: 'FeatureCollection',
    features: [...byCategory].map(([c, coordinates]) => ({ type: 'Feature', geometry: { type: 'MultiPoint', coordinates }, properties: { c } })),
  };
}

/**
 * The index of the point of category `c` nearest to a drawn point's position (the map gives it back rounded to its
 * tile's grid, under a pixel), or -1 when there is none. A point drawn on its own has no other point within the
 * cluster radius at that zoom, so the nearest is the one drawn; points at the very same place are told apart no
 * more than their drawn dots are.
 */
export function nearestPoint(points: MapPoints, lng: number, lat: number, c: number): number {
  let best = -1;
  let bestDistance = Infinity;
  const cosLat = Math.cos((lat * Math.PI) / 180);
  for (let i = 0; i < points.ids.length; i++) {
    if (points.category[i] !== c) continue;
    const dx = (points.lng[i]! - lng) * cosLat;
    const dy = points.lat[i]! - lat;
    const d = dx * dx + dy * dy;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best;
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
