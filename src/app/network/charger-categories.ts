// The chargers map's point categories (connectivity, then inactive) with their colours: the page and its benchmark.
import { chargerMapCategories, chargerMapCategoryLabels } from '@domain/network-map';
import type { MapCategory } from '@ui/map/map-data';

/** Colours of the charger categories (connectivity, then inactive). */
export const chargerCategories: readonly MapCategory[] = chargerMapCategories.map((c) => ({
  label: chargerMapCategoryLabels[c],
  colour: { ONLINE: '#16a34a', OFFLINE: '#64748b', FAULTED: '#dc2626', UNDER_MAINTENANCE: '#d97706', INACTIVE: '#a78bfa' }[c],
}));
