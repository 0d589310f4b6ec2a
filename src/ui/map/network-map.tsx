// The one map of the console: MapLibre GL over the base style of map-style.ts, a clustered point layer coloured by
// category, optional areas (zones) and a picked point. Imported only by lazily loaded pages (maplibre-gl is ~300 KB
// gzipped): never import this file from anything the first page load needs.
import type * as GeoJSON from 'geojson';
import { LngLatBounds, Map as MapLibreMap, Marker, NavigationControl, AttributionControl, setWorkerUrl, type GeoJSONSource, type MapMouseEvent } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// The worker is served as a file of this origin: the Content-Security-Policy allows no blob: workers.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { shortCount } from '@domain/network-map';
import { boundsOf, nearestPoint, pointsToMultiPoints, type MapArea, type MapBounds, type MapCategory, type MapPoints } from './map-data';
import { baseStyle, indiaView } from './map-style';
import './network-map.css';

setWorkerUrl(workerUrl);

export type { MapArea, MapBounds, MapCategory, MapPoints } from './map-data';

/** Props of NetworkMap. */
export interface NetworkMapProps {
  /** Accessible name of the map region. */
  label: string;
  points?: MapPoints;
  categories?: readonly MapCategory[];
  /** Category indexes left off the map (legend toggles). */
  hiddenCategories?: ReadonlySet<number>;
  /** Group nearby points into counted clusters (default true). */
  cluster?: boolean;
  /** A point was clicked: its id. */
  onOpenPoint?: (id: number) => void;
  /** The visible area after each move (and once at start). */
  onViewChange?: (bounds: MapBounds) => void;
  /** A click on the map outside points (pickers). */
  onMapClick?: (point: { lat: number; lng: number }) => void;
  areas?: readonly MapArea[];
  /** A marked point (the picker's value). */
  marker?: { lat: number; lng: number };
  /** Fit the view to the points (or areas) whenever they change (default true). */
  fit?: boolean;
  /** The map instance once its style has loaded (drawing tools attach to it). */
  onMapReady?: (map: MapLibreMap) => void;
  /** CSS height of the map (default 100%). */
  height?: string;
}

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
/** How the view fits what the map shows. */
const FIT = { padding: 40, maxZoom: 13 };

function colourExpression(categories: readonly MapCategory[]): unknown {
  if (categories.length === 0) return '#0b6e4f';
  return ['match', ['get', 'c'], ...categories.flatMap((c, i) => [i, c.colour]), '#6b7280'];
}

/** The map: base style, clustered points with HTML count badges, areas and a marker. Shows a message without WebGL. */
export function NetworkMap(props: NetworkMapProps) {
  const { label, points, categories = [], hiddenCategories, areas, marker, fit = true, height = '100%' } = props;
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<string>();
  // Latest callbacks, read by the map's listeners (registered once).
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  /** The points data the map's source holds (the same points and hidden set are never given twice: 50,000 points
   * take the worker about half a second to cluster). */
  const given = useRef<{ points: MapPoints | undefined; hidden: ReadonlySet<number> | undefined } | null>(null);
  /** The points and areas the view was last fitted to. */
  const fitted = useRef<{ points: MapPoints | undefined; areas: readonly MapArea[] | undefined } | null>(null);

  useEffect(() => {
    if (!container.current) return;
    let map: MapLibreMap;
    // The areas and points are part of the first style, with the points known now: the worker clusters them while the
    // base map loads, instead of after it (50,000 points: ~0.5 s of the first render).
    const first = callbacks.current;
    const style = baseStyle();
    style.sources.areas = { type: 'geojson', data: EMPTY };
    style.sources.points = { type: 'geojson', data: pointsToMultiPoints(first.points, first.hiddenCategories), cluster: first.cluster ?? true, clusterRadius: 48, clusterMaxZoom: 13 };
    given.current = { points: first.points, hidden: first.hiddenCategories };
    const b = (first.fit ?? true) ? boundsOf(first.points, first.areas) : undefined;
    const firstBounds = b ? new LngLatBounds([b[0], b[1]], [b[2], b[3]]) : undefined;
    fitted.current = firstBounds ? { points: first.points, areas: first.areas } : null;
    style.layers.push(
      { id: 'areas-fill', type: 'fill', source: 'areas', paint: { 'fill-color': ['coalesce', ['get', 'colour'], '#2563eb'], 'fill-opacity': 0.12 } },
      { id: 'areas-line', type: 'line', source: 'areas', paint: { 'line-color': ['coalesce', ['get', 'colour'], '#2563eb'], 'line-width': 2 } },
      {
        id: 'points',
        type: 'circle',
        source: 'points',
        filter: ['!', ['has', 'point_count']],
        paint: {
          'circle-color': colourExpression(first.categories ?? []) as never,
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 3.5, 12, 7],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.2,
        },
      },
    );
    try {
      map = new MapLibreMap({
        container: container.current,
        style,
        // Opened on what it shows when that is known now (no jump, and no second clustering at another zoom).
        ...(firstBounds ? { bounds: firstBounds, fitBoundsOptions: FIT } : { center: indiaView.center, zoom: indiaView.zoom }),
        attributionControl: false,
        dragRotate: false,
        pitchWithRotate: false,
        renderWorldCopies: false,
      });
    } catch {
      setFailure('The map needs WebGL, which this browser does not offer. The list shows the same records.');
      return;
    }
    mapRef.current = map;
    map.touchZoomRotate.disableRotation();
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new AttributionControl({ compact: true, customAttribution: 'Outline: Natural Earth (de facto borders)' }), 'bottom-right');
    const clusterMarkers = new Map<number, Marker>();
    let frame = 0;

    const updateClusterMarkers = () => {
      frame = 0;
      if (!map.getSource('points') || !map.isSourceLoaded('points')) return;
      const seen = new Set<number>();
      for (const feature of map.querySourceFeatures('points', { filter: ['has', 'point_count'] })) {
        const props = feature.properties as { cluster_id: number; point_count: number };
        const id = props.cluster_id;
        if (seen.has(id)) continue;
        seen.add(id);
        if (clusterMarkers.has(id)) continue;
        const [lng, lat] = (feature.geometry as GeoJSON.Point).coordinates as [number, number];
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'network-map__cluster';
        const size = props.point_count < 100 ? 'sm' : props.point_count < 1000 ? 'md' : 'lg';
        button.classList.add(`network-map__cluster--${size}`);
        button.textContent = shortCount(props.point_count);
        button.setAttribute('aria-label', `${props.point_count.toLocaleString('en-IN')} here: zoom in`);
        button.addEventListener('click', (event) => {
          event.stopPropagation();
          const source = map.getSource('points') as GeoJSONSource;
          void source.getClusterExpansionZoom(id).then((zoom) => map.easeTo({ center: [lng, lat], zoom: Math.min(zoom, 16) }));
        });
        clusterMarkers.set(id, new Marker({ element: button }).setLngLat([lng, lat]).addTo(map));
      }
      for (const [id, m] of clusterMarkers) {
        if (!seen.has(id)) {
          m.remove();
          clusterMarkers.delete(id);
        }
      }
    };
    const scheduleMarkers = () => {
      if (!frame) frame = requestAnimationFrame(updateClusterMarkers);
    };
    const reportView = () => {
      const b = map.getBounds();
      callbacks.current.onViewChange?.([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]);
    };

    map.on('load', () => {
      map.on('click', 'points', (event) => {
        // A point is a position of its category's MultiPoint (map-data.ts): the nearest point of that category is it.
        const feature = event.features?.[0];
        const shown = callbacks.current.points;
        if (!feature || !shown || feature.geometry.type !== 'Point') return;
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const i = nearestPoint(shown, lng, lat, Number((feature.properties as { c: number }).c));
        if (i >= 0) callbacks.current.onOpenPoint?.(shown.ids[i]!);
      });
      map.on('mouseenter', 'points', () => (map.getCanvas().style.cursor = 'pointer'));
      map.on('mouseleave', 'points', () => (map.getCanvas().style.cursor = ''));
      map.on('click', (event: MapMouseEvent) => {
        if (map.queryRenderedFeatures(event.point, { layers: ['points'] }).length > 0) return;
        callbacks.current.onMapClick?.({ lat: event.lngLat.lat, lng: event.lngLat.lng });
      });
      map.on('render', scheduleMarkers);
      // The points may be clustered and drawn already (they are in the first style): their badges now, not on the next move.
      scheduleMarkers();
      map.on('moveend', reportView);
      setReady(true);
      callbacks.current.onMapReady?.(map);
      reportView();
    });

    return () => {
      if (frame) cancelAnimationFrame(frame);
      for (const m of clusterMarkers.values()) m.remove();
      map.remove();
      mapRef.current = null;
    };
  }, []);

  // Point data and colours.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    if (given.current?.points !== points || given.current?.hidden !== hiddenCategories) {
      (map.getSource('points') as GeoJSONSource).setData(pointsToMultiPoints(points, hiddenCategories));
      given.current = { points, hidden: hiddenCategories };
    }
    map.setPaintProperty('points', 'circle-color', colourExpression(categories) as never);
  }, [ready, points, hiddenCategories, categories]);

  // Areas.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const data: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: (areas ?? []).map((a) => ({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [a.ring.map((p) => [p[0], p[1]])] }, properties: { id: a.id, ...(a.colour ? { colour: a.colour } : {}) } })),
    };
    (map.getSource('areas') as GeoJSONSource).setData(data);
  }, [ready, areas]);

  // Fit to what is shown, when it changes.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !fit) return;
    if (fitted.current?.points === points && fitted.current?.areas === areas) return;
    const b = boundsOf(points, areas);
    if (!b) return;
    fitted.current = { points, areas };
    map.fitBounds(new LngLatBounds([b[0], b[1]], [b[2], b[3]]), { ...FIT, duration: 0 });
  }, [ready, points, areas, fit]);

  // The marked point.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !marker) return;
    const m = new Marker({ color: '#0b6e4f' }).setLngLat([marker.lng, marker.lat]).addTo(map);
    return () => void m.remove();
  }, [ready, marker]);

  if (failure) {
    return (
      <div className="network-map network-map--failed" role="alert">
        {failure}
      </div>
    );
  }
  return (
    <div className="network-map" style={{ height }}>
      <div ref={container} className="network-map__canvas" role="region" aria-label={label} />
      {!ready ? <div className="network-map__loading">Loading map…</div> : null}
    </div>
  );
}
