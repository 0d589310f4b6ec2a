// OCPP: the console's routes to the chargers (a charger's live state, meter values and message log, commands, test
// charging, the charger's OCPP password, the local authorization list) and the local list's jobs (a card change
// reaching every charger holding a list, a reconnecting charger getting what it missed). The central system itself
// is started beside the app (server/start-server.ts), not by it.
import type { ServerModule } from '@server/server-module';
import { registerLocalListRoutes } from './local-list-routes';
import { localListJobHandlers } from './local-list-service';
import { registerOcppRoutes } from './ocpp-routes';

export const ocppModule: ServerModule = {
  name: 'ocpp',
  routes: (registry) => {
    registerOcppRoutes(registry);
    registerLocalListRoutes(registry);
  },
  jobs: (deps) => ({ handlers: localListJobHandlers(deps) }),
};
