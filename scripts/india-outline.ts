// Writes src/ui/map/india-outline.json: India's outline (Natural Earth 1:50m, world-atlas country 356) as GeoJSON,
// coordinates rounded to 0.01° (about 1 km), so the map draws it with no tiles and no network. Run again after a
// world-atlas update: `npx tsx scripts/india-outline.ts`. Natural Earth draws de facto borders: check before release.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology<{ countries: GeometryCollection }>;
const countries = feature(topology, topology.objects.countries);
const india = countries.features.find((f) => String(f.id) === '356');
if (!india) throw new Error('world-atlas has no country 356');
const round = (value: unknown): unknown => (Array.isArray(value) ? value.map(round) : typeof value === 'number' ? Math.round(value * 100) / 100 : value);
const out = { type: 'Feature', properties: { name: 'India', source: 'Natural Earth 1:50m via world-atlas 2 (de facto borders)' }, geometry: { ...india.geometry, coordinates: round((india.geometry as { coordinates: unknown }).coordinates) } };
writeFileSync(new URL('../src/ui/map/india-outline.json', import.meta.url), JSON.stringify(out));
console.log('wrote src/ui/map/india-outline.json');
