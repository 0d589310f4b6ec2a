// The network views: map points, progress trackers and today's figures.
import type { ServerModule } from '@server/server-module';
import { registerNetworkRoutes } from './network-routes';

export const networkModule: ServerModule = {
  name: 'network',
  routes: (registry) => registerNetworkRoutes(registry),
};
