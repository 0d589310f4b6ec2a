// The network views' endpoints: map points, progress trackers and today's figures.
import type { RouteRegistry } from '@server/http/route-registry';
import { registerMapRoutes } from './map-routes';
import { registerTrackerRoutes } from './tracker-routes';

/** Registers the map, tracker and home-figure endpoints. */
export function registerNetworkRoutes(registry: RouteRegistry): void {
  registerMapRoutes(registry);
  registerTrackerRoutes(registry);
}
