// Generated chargers for the map benchmark, in the shape of GET /charger-service/map-view/chargers: most around the
// large cities (a spread of a few tens of km), the rest along the country, categories in a network's proportions.
// Deterministic: the same N gives the same points.
import type { ChargerMap } from '@domain/network-map';

/** City centres [longitude, latitude] and their weight. */
const cities: readonly [number, number, number][] = [
  [77.59, 12.97, 10], [72.88, 19.08, 10], [77.21, 28.61, 10], [80.27, 13.08, 6], [78.49, 17.39, 7], [88.36, 22.57, 6],
  [73.86, 18.52, 6], [72.57, 23.02, 5], [75.79, 26.91, 3], [80.95, 26.85, 3], [76.94, 8.52, 2], [76.27, 9.93, 3],
  [85.82, 20.3, 2], [77.41, 23.26, 2], [75.86, 22.72, 2], [76.78, 30.73, 3], [91.74, 26.14, 1], [83.3, 17.69, 2],
  [79.09, 21.15, 2], [74.86, 32.73, 1], [85.14, 25.59, 2], [73.02, 26.24, 1], [78.69, 10.79, 1], [74.12, 15.49, 1],
];
const totalWeight = cities.reduce((s, c) => s + c[2], 0);

/** Mulberry32: a small seeded generator. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** N chargers as the map endpoint answers them. */
export function benchChargers(n: number): ChargerMap {
  const next = random(16);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const out: ChargerMap = { ids: [], lat: [], lng: [], category: [], uniqueIds: [], withoutLocation: Math.round(n / 200) };
  for (let i = 0; i < n; i++) {
    let lng: number;
    let lat: number;
    if (next() < 0.85) {
      let pick = next() * totalWeight;
      let city = cities[0]!;
      for (const c of cities) if ((pick -= c[2]) <= 0) {
        city = c;
        break;
      }
      lng = city[0] + gauss() * 0.25;
      lat = city[1] + gauss() * 0.2;
    } else {
      lng = 72 + next() * 16;
      lat = 10 + next() * 18;
    }
    const r = next();
    out.ids.push(i + 1);
    out.lat.push(Math.round(lat * 1e6) / 1e6);
    out.lng.push(Math.round(lng * 1e6) / 1e6);
    out.category.push(r < 0.72 ? 0 : r < 0.9 ? 1 : r < 0.95 ? 2 : r < 0.97 ? 3 : 4);
    out.uniqueIds.push(`CZ${String(i + 1).padStart(6, '0')}`);
  }
  return out;
}
