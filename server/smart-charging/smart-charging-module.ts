// Smart charging (OCPP 1.6 Smart Charging profile beyond one session): the routes of a charger's and a location's
// charging profiles and composite schedule, and the job sending a booted charger its own profiles in force and its
// location's defaults (queued by the BootNotification handler: location-defaults-queue.ts).
import type { ServerModule } from '@server/server-module';
import { registerSmartChargingRoutes } from './smart-charging-routes';
import { smartChargingJobHandlers } from './smart-charging-service';

export const smartChargingModule: ServerModule = {
  name: 'smart-charging',
  routes(registry) {
    registerSmartChargingRoutes(registry);
  },
  jobs: (deps) => ({ handlers: smartChargingJobHandlers(deps) }),
};
