// The map's style, built in code: no tile server, no glyphs, no sprites (none is reachable from our users' networks).
// A sea-coloured background, India's outline (src/ui/map/india-outline.json, prepared from world-atlas by
// scripts/india-outline.ts) and the page's own layers on top. Labels and counts are HTML markers, not map text.
import type * as GeoJSON from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import indiaOutline from './india-outline.json';

/** Colours of the base map. */
export const baseColours = { sea: '#dce8ef', land: '#f7f6f1', border: '#8c96a3' } as const;

/** Where the map opens when there is nothing to fit: all of India. */
export const indiaView = { center: [80, 22.5] as [number, number], zoom: 3.4 };

/** The base style: background and India (fill and border). */
export function baseStyle(): StyleSpecification {
  return {
    version: 8,
    sources: { india: { type: 'geojson', data: indiaOutline as unknown as GeoJSON.Feature } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': baseColours.sea } },
      { id: 'india-land', type: 'fill', source: 'india', paint: { 'fill-color': baseColours.land } },
      { id: 'india-border', type: 'line', source: 'india', paint: { 'line-color': baseColours.border, 'line-width': 0.8 } },
    ],
  };
}
