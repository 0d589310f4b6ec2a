// A map beside a coordinates field: a click marks the point and writes it into the field as "latitude,longitude".
// Imported lazily by the field (maplibre-gl loads only when someone opens the picker).
import { useMemo } from 'react';
import { parseCoordinates } from '@domain/coordinates';
import { NetworkMap } from './network-map';

/** Props of CoordinatesPicker. */
export interface CoordinatesPickerProps {
  /** The field's label (names the map). */
  label: string;
  /** The field's text; a valid "latitude,longitude" is marked. */
  value: string;
  /** The picked point as the field's text (6 decimals, about 10 cm). */
  onPick: (text: string) => void;
}

/** Rounds to 6 decimals. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The picker map: the field's point marked; a click picks a new one. */
export default function CoordinatesPicker({ label, value, onPick }: CoordinatesPickerProps) {
  const parsed = parseCoordinates(value);
  const lat = parsed?.latitude;
  const lng = parsed?.longitude;
  const marker = useMemo(() => (lat === undefined || lng === undefined ? undefined : { lat, lng }), [lat, lng]);
  const points = useMemo(() => (marker ? { ids: [0], lat: [marker.lat], lng: [marker.lng], category: [0] } : undefined), [marker]);
  return (
    <div className="coordinates-picker">
      <NetworkMap label={`Map to pick ${label.toLowerCase()}`} height="280px" marker={marker} points={points} categories={[{ label, colour: 'transparent' }]} cluster={false} onMapClick={(p) => onPick(`${round6(p.lat)},${round6(p.lng)}`)} />
      <p className="coordinates-picker__hint">Click the map to set {label.toLowerCase()}; zoom in for precision.</p>
    </div>
  );
}
