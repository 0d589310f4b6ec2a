/** Lists that have a map view beside them (list path → map path); the map keeps the list's filters. */
export const mapViewPaths: Readonly<Record<string, string>> = {
  '/charger-management/all-chargers': '/charger-management/all-chargers/map',
  '/charger-management/active-chargers': '/charger-management/active-chargers/map',
};

/** Resources whose records are areas drawn on the map: the centre (coordinates) and radius (km) fields. */
export const mapAreaFields: Readonly<Record<string, { centre: string; radiusKm: string }>> = {
  'risk-zones': { centre: 'centre', radiusKm: 'radiusKm' },
  'operational-zones': { centre: 'centre', radiusKm: 'radiusKm' },
};
