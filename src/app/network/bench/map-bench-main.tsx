// The chargers map benchmark page (bench-map.html, scripts/bench-map.ts): the console's NetworkMap with the chargers
// map's categories and N generated chargers, given as the answer of GET /charger-service/map-view/chargers (JSON text
// of parallel arrays, parsed with its schema, as the page does). Needs no API server. Times, in the page:
// the map chunk's load, the answer's parse, mount → the first idle frame with the points drawn (and their cluster
// badges placed), then each frame of scripted pans and zooms (window.__drive).
import type { Map as MapLibreMap } from 'maplibre-gl';
import { createRoot } from 'react-dom/client';
import { chargerMapSchema, type ChargerMap } from '@domain/network-map';
import { chargerCategories } from '../charger-categories';
import { benchChargers } from './map-bench-points';

/** What the page reports to the script. */
export interface MapBenchResult {
  points: number;
  /** import() of the map module (maplibre-gl and the wrapper) → resolved, ms. */
  chunk: number;
  /** JSON.parse and schema parse of the answer, ms. */
  parse: number;
  /** render() called → the first idle frame with the points drawn and the cluster badges placed, ms. */
  firstRender: number;
  /** render() called → the map's load event (style and base map ready, before the points are given), ms. */
  mapLoad: number;
  /** render() called → the points source loaded with the points (clustered in the worker), ms. */
  pointsLoaded: number;
  /** Navigation start → the same frame, ms (loading the page's scripts and generating the answer too). */
  sinceNavigation: number;
  /** Cluster badges (HTML markers) on the first frame. */
  badges: number;
  /** WebGL renderer as reported by the browser. */
  renderer: string;
}

/** One scripted move's samples: rAF intervals (ms) and MapLibre's own render time per frame (ms). */
export interface MoveSamples {
  frames: number[];
  render: number[];
}

declare global {
  interface Window {
    __mapBench?: MapBenchResult;
    __mapBenchError?: string;
    /** Runs the scripted pans and zooms; resolves with the samples of each kind. */
    __drive?: () => Promise<Record<'pan' | 'zoom', MoveSamples>>;
  }
}

const params = new URLSearchParams(window.location.search);
const count = Number(params.get('n') ?? 50_000);

function rendererName(map: MapLibreMap): string {
  const gl = map.getCanvas().getContext('webgl2') ?? map.getCanvas().getContext('webgl');
  if (!gl) return 'none';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
}

/** Samples frames while `move` runs: rAF intervals and MapLibre's render time (its render call, timed around). */
async function sampleWhile(map: MapLibreMap, move: () => void, into: MoveSamples): Promise<void> {
  const ended = new Promise<void>((resolve) => map.once('moveend', () => resolve()));
  let last = 0;
  let running = true;
  const tick = (t: number) => {
    if (!running) return;
    if (last) into.frames.push(t - last);
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  move();
  await ended;
  // The frame after the move's last one (cluster badges, the last tiles).
  await new Promise((resolve) => requestAnimationFrame(resolve));
  running = false;
}

async function main() {
  const answer = JSON.stringify(benchChargers(count));
  const chunkStart = performance.now();
  const { NetworkMap } = await import('@ui/map/network-map');
  const chunk = performance.now() - chunkStart;
  const parseStart = performance.now();
  const points: ChargerMap = chargerMapSchema.parse(JSON.parse(answer));
  const parse = performance.now() - parseStart;
  const container = document.getElementById('root')!;
  let start = 0;

  const onMapReady = (map: MapLibreMap) => {
    const mapLoad = performance.now() - start;
    let pointsLoaded = NaN;
    const onSourceData = () => {
      if (!map.isSourceLoaded('points') || (points.ids.length > 0 && map.querySourceFeatures('points').length === 0)) return;
      pointsLoaded = performance.now() - start;
      map.off('sourcedata', onSourceData);
    };
    map.on('sourcedata', onSourceData);
    // The points are in the map's first style: they may be loaded before the map is.
    onSourceData();
    // MapLibre's render call, timed (its private _render: present in the published build).
    const render: number[] = [];
    const internal = map as unknown as { _render?: (t: number) => unknown };
    const original = internal._render;
    if (typeof original === 'function') {
      internal._render = function (this: unknown, t: number) {
        const s = performance.now();
        const out = original.call(this, t);
        render.push(performance.now() - s);
        return out;
      };
    }
    const firstFrame = () => {
      if (points.ids.length > 0 && map.querySourceFeatures('points').length === 0) return;
      map.off('idle', firstFrame);
      // The cluster badges are placed on the frame after the render.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const end = performance.now();
          window.__mapBench = { points: points.ids.length, chunk, parse, mapLoad, pointsLoaded, firstRender: end - start, sinceNavigation: end, badges: container.querySelectorAll('.network-map__cluster').length, renderer: rendererName(map) };
        }),
      );
    };
    map.on('idle', firstFrame);
    window.__drive = async () => {
      const pan: MoveSamples = { frames: [], render: [] };
      const zoom: MoveSamples = { frames: [], render: [] };
      const run = async (into: MoveSamples, move: () => void) => {
        render.length = 0;
        await sampleWhile(map, move, into);
        into.render.push(...render);
      };
      const home = { center: map.getCenter(), zoom: map.getZoom() };
      // Pans across the whole network, then zooms into a city down to single chargers and out again, panning there.
      for (const [dx, dy] of [[400, 0], [0, 250], [-400, 0], [0, -250]] as const) await run(pan, () => map.panBy([dx, dy], { duration: 1000 }));
      for (const z of [home.zoom + 2, home.zoom + 4, home.zoom + 6]) await run(zoom, () => map.easeTo({ center: [77.59, 12.97], zoom: z, duration: 1000 }));
      for (const [dx, dy] of [[300, 0], [0, 200], [-300, -200]] as const) await run(pan, () => map.panBy([dx, dy], { duration: 1000 }));
      for (const z of [home.zoom + 4, home.zoom + 2, home.zoom]) await run(zoom, () => map.easeTo({ center: home.center, zoom: z, duration: 1000 }));
      return { pan, zoom };
    };
  };

  start = performance.now();
  createRoot(container).render(<NetworkMap label="Chargers map benchmark" points={points} categories={chargerCategories} onMapReady={onMapReady} />);
}

main().catch((error: unknown) => {
  window.__mapBenchError = String(error);
});
