// The live channel: GET /events, the server-sent events every console listens to.
import type { ServerModule } from '@server/server-module';
import { registerLiveEventsRoute } from './events-route';

export const liveModule: ServerModule = {
  name: 'live',
  routes: (registry) => registerLiveEventsRoute(registry),
};
