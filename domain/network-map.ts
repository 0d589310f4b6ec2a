import { z } from 'zod';
import { connectivityStatuses } from './resources/chargers/charger';
import { ticketPriorities } from './resources/tickets/shared';

/**
 * Map points travel as parallel arrays (one entry per point), not as objects: 50,000 chargers are about 1.5 MB of
 * JSON this way, three times less than as objects, and the map builds its source from them without reshaping.
 */
const columns = {
  ids: z.array(z.number().int()),
  lat: z.array(z.number()),
  lng: z.array(z.number()),
  /** Index into the answer's category list (the legend and the point's colour). */
  category: z.array(z.number().int().min(0)),
};

/** The charger map categories: the connectivity statuses, then "Inactive" for chargers switched off in the console. */
export const chargerMapCategories = [...connectivityStatuses, 'INACTIVE'] as const;
export type ChargerMapCategory = (typeof chargerMapCategories)[number];

/** Labels of the charger map categories (the legend, the in-view list). */
export const chargerMapCategoryLabels: Readonly<Record<ChargerMapCategory, string>> = {
  ONLINE: 'Online',
  OFFLINE: 'Offline',
  FAULTED: 'Faulted',
  UNDER_MAINTENANCE: 'Under maintenance',
  INACTIVE: 'Inactive',
};

/** Chargers on the map: each placed at its location's coordinates; chargers without a location are only counted. */
export const chargerMapSchema = z.object({
  ...columns,
  uniqueIds: z.array(z.string()),
  /** Chargers that match the filters but have no location (so no point). */
  withoutLocation: z.number().int(),
});
export type ChargerMap = z.infer<typeof chargerMapSchema>;

/** Locations on the map with their charger counts (zones: what lies inside; pickers: context). */
export const locationMapSchema = z.object({
  ...columns,
  names: z.array(z.string()),
  chargers: z.array(z.number().int()),
});
export type LocationMap = z.infer<typeof locationMapSchema>;

/** Age bands of open servicing tickets, in days since they were opened (upper bounds; the last is open-ended). */
export const servicingAgeBands = [
  { label: 'Under 2 days', maxDays: 2 },
  { label: '2 to 7 days', maxDays: 7 },
  { label: '7 to 30 days', maxDays: 30 },
  { label: 'Over 30 days', maxDays: Number.POSITIVE_INFINITY },
] as const;

/** The band index of a ticket's age in days. */
export function ageBandOf(days: number): number {
  const index = servicingAgeBands.findIndex((band) => days < band.maxDays);
  return index === -1 ? servicingAgeBands.length - 1 : index;
}

/** Open charger servicing tickets on the map: category is the priority index (ticketPriorities), age in whole days. */
export const servicingMapSchema = z.object({
  ...columns,
  titles: z.array(z.string()),
  ageDays: z.array(z.number().int()),
  /** Open tickets whose charger or location has no coordinates. */
  withoutLocation: z.number().int(),
});
export type ServicingMap = z.infer<typeof servicingMapSchema>;

/** The priority values, in the order of the servicing map's categories. */
export const servicingMapCategories = ticketPriorities;

/** Great-circle distance in km between two points (haversine; the zones' "inside" test). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A circle on the ground as a closed ring of [longitude, latitude] points (zones drawn from centre and radius). */
export function circleRing(centre: { lat: number; lng: number }, radiusKm: number, steps = 64): [number, number][] {
  const rad = Math.PI / 180;
  const angular = radiusKm / 6371.0088;
  const lat1 = centre.lat * rad;
  const lng1 = centre.lng * rad;
  const ring: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const bearing = ((i % steps) / steps) * 2 * Math.PI;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
    const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
    ring.push([Math.round((lng2 / rad) * 1e6) / 1e6, Math.round((lat2 / rad) * 1e6) / 1e6]);
  }
  return ring;
}

/** Short count for a cluster badge: 950, 1.2k, 12k. */
export function shortCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(Math.floor(n / 100) / 10).toString()}k`;
  return `${Math.floor(n / 1000)}k`;
}
