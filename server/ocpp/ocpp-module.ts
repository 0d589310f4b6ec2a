// OCPP: the console's routes to the chargers (a charger's live state, meter values and message log, commands, test
// charging, the charger's OCPP password). The central system itself is started beside the app
// (server/start-server.ts), not by it.
import type { ServerModule } from '@server/server-module';
import { registerOcppRoutes } from './ocpp-routes';

export const ocppModule: ServerModule = {
  name: 'ocpp',
  routes: (registry) => registerOcppRoutes(registry),
};
