import { MAP_LINK_ZOOM } from './constants';

/** A coordinate as a finite number, or undefined (numeric strings are accepted). */
function toCoordinate(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A Google Maps link with a pin at the point, at zoom MAP_LINK_ZOOM (12), e.g.
 * "https://www.google.com/maps?q=12.9716,77.5946&z=12"; undefined when either coordinate is missing,
 * not a number or out of range.
 */
export function mapLink(latitude: number | string | null | undefined, longitude: number | string | null | undefined): string | undefined {
  const lat = toCoordinate(latitude);
  const lng = toCoordinate(longitude);
  if (lat === undefined || lng === undefined) return undefined;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return undefined;
  return `https://www.google.com/maps?q=${lat},${lng}&z=${MAP_LINK_ZOOM}`;
}
