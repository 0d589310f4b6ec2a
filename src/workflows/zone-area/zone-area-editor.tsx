// A zone's area on the map (risk and operational zones): the circle of its centre and radius, drawn again with
// terra-draw's circle tool (click the centre, move, click to set the radius), and the locations and chargers inside.
// Loaded lazily by the zone forms: maplibre-gl and terra-draw come with it.
import { useQuery } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { TerraDraw, TerraDrawCircleMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { formatCoordinates, parseCoordinates } from '@domain/coordinates';
import { hasPermission } from '@domain/permissions';
import { circleRing, distanceKm, locationMapSchema } from '@domain/network-map';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { NetworkMap } from '@ui/map/network-map';

/** Props of ZoneAreaEditor. */
export interface ZoneAreaEditorProps {
  /** The centre field's text ("latitude,longitude"). */
  centre: string;
  /** The radius field's text, in km. */
  radiusKm: string;
  /** A drawn circle: the new centre text and radius text. */
  onDraw: (centre: string, radiusKm: string) => void;
}

/** Smallest and largest radius of a zone (the radius field's rule), in km. */
const MIN_RADIUS = 0.1;
const MAX_RADIUS = 100;

/** Centre and radius of a drawn circle polygon: the mean of its vertices and terra-draw's radius (clamped, 2 decimals). */
export function circleOf(ring: readonly (readonly number[])[], radiusKilometers: number): { centre: string; radiusKm: string } {
  const vertices = ring.slice(0, -1);
  const lng = vertices.reduce((s, p) => s + p[0]!, 0) / vertices.length;
  const lat = vertices.reduce((s, p) => s + p[1]!, 0) / vertices.length;
  const radius = Math.min(MAX_RADIUS, Math.max(MIN_RADIUS, Math.round(radiusKilometers * 100) / 100));
  return { centre: formatCoordinates({ latitude: Math.round(lat * 1e6) / 1e6, longitude: Math.round(lng * 1e6) / 1e6 }), radiusKm: String(radius) };
}

const locationColours = ['#64748b', '#d97706', '#16a34a', '#a78bfa'];

/** The zone's circle and what lies inside it; "Draw on map" replaces the centre and radius with a drawn circle. */
export default function ZoneAreaEditor({ centre, radiusKm, onDraw }: ZoneAreaEditorProps) {
  const { user } = useSession();
  const mayList = hasPermission(user.permissions, 'ROLE_VIEW_ALL_LOCATION');
  const locations = useQuery({
    queryKey: queryKeys.resource('locations').list({ map: true }),
    queryFn: ({ signal }) => apiRequest('/charger-service/map-view/locations', { signal, schema: locationMapSchema }),
    enabled: mayList,
  });
  const point = parseCoordinates(centre);
  const radius = Number(radiusKm);
  const valid = point !== undefined && Number.isFinite(radius) && radius >= MIN_RADIUS && radius <= MAX_RADIUS;
  const lat = point?.latitude;
  const lng = point?.longitude;
  const areas = useMemo(() => (valid ? [{ id: 'zone', ring: circleRing({ lat: lat!, lng: lng! }, radius) }] : []), [valid, lat, lng, radius]);
  const inside = useMemo(() => {
    const data = locations.data;
    if (!valid || !data) return [];
    const out: number[] = [];
    for (let i = 0; i < data.ids.length; i++) if (distanceKm({ lat: lat!, lng: lng! }, { lat: data.lat[i]!, lng: data.lng[i]! }) <= radius) out.push(i);
    return out;
  }, [locations.data, valid, lat, lng, radius]);
  const chargersInside = inside.reduce((n, i) => n + locations.data!.chargers[i]!, 0);
  const insidePoints = useMemo(() => {
    const data = locations.data;
    return data ? { ids: inside.map((i) => data.ids[i]!), lat: inside.map((i) => data.lat[i]!), lng: inside.map((i) => data.lng[i]!), category: inside.map((i) => data.category[i]!) } : undefined;
  }, [inside, locations.data]);

  const [map, setMap] = useState<MapLibreMap>();
  const [drawing, setDrawing] = useState(false);
  const draw = useRef<TerraDraw | null>(null);
  const onDrawRef = useRef(onDraw);
  useEffect(() => {
    onDrawRef.current = onDraw;
  });

  useEffect(() => {
    if (!map || !drawing) return;
    const instance = new TerraDraw({ adapter: new TerraDrawMapLibreGLAdapter({ map }), modes: [new TerraDrawCircleMode()] });
    draw.current = instance;
    instance.start();
    instance.setMode('circle');
    instance.on('finish', (id) => {
      const feature = instance.getSnapshotFeature(id);
      const ring = (feature?.geometry as { coordinates?: number[][][] } | undefined)?.coordinates?.[0];
      const km = Number((feature?.properties as { radiusKilometers?: number } | undefined)?.radiusKilometers);
      if (ring && ring.length > 3 && Number.isFinite(km)) {
        const circle = circleOf(ring, km);
        onDrawRef.current(circle.centre, circle.radiusKm);
      }
      setDrawing(false);
    });
    return () => {
      instance.stop();
      draw.current = null;
    };
  }, [map, drawing]);

  return (
    <div className="zone-area">
      <div className="zone-area__bar">
        <p className="zone-area__summary" aria-live="polite">
          {!valid
            ? 'Enter the centre and radius, or draw the zone on the map.'
            : !mayList
              ? `A circle of ${radius} km.`
              : locations.isPending
                ? 'Counting what is inside…'
                : locations.error
                  ? errorMessage(locations.error)
                  : `Inside: ${inside.length.toLocaleString('en-IN')} ${inside.length === 1 ? 'location' : 'locations'}, ${chargersInside.toLocaleString('en-IN')} ${chargersInside === 1 ? 'charger' : 'chargers'}.`}
        </p>
        <Button size="sm" variant={drawing ? 'secondary' : 'primary'} onPress={() => setDrawing((d) => !d)} isDisabled={!map}>
          {drawing ? 'Cancel drawing' : 'Draw on map'}
        </Button>
      </div>
      {drawing ? <p className="zone-area__hint">Click the zone's centre, move out to its edge and click again.</p> : null}
      <NetworkMap
        label="Zone area map"
        height="360px"
        areas={areas}
        points={insidePoints}
        categories={locationColours.map((colour, i) => ({ label: ['Prospect', 'Ready for installation', 'Live', 'Inactive'][i]!, colour }))}
        onMapReady={setMap}
      />
      {inside.length > 0 ? (
        <details className="zone-area__inside">
          <summary>Locations inside</summary>
          <ul>
            {inside.slice(0, 200).map((i) => (
              <li key={locations.data!.ids[i]}>
                <Link href={`/charger-management/all-location/${locations.data!.ids[i]}`}>{locations.data!.names[i]}</Link> · {locations.data!.chargers[i]} {locations.data!.chargers[i] === 1 ? 'charger' : 'chargers'}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
