// Chargers: the create-charger workflow's route, device transfers and the record actions on a charger.
import type { ServerModule } from '@server/server-module';
import { registerChargerActionRoutes } from './charger-action-routes';
import { registerCreateChargerRoute } from './create-charger-route';
import { registerTransferDeviceRoutes } from './transfer-device-routes';

export const chargersModule: ServerModule = {
  name: 'chargers',
  routes(registry) {
    registerCreateChargerRoute(registry);
    registerTransferDeviceRoutes(registry);
    registerChargerActionRoutes(registry);
  },
};
