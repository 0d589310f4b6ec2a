// Leads: the one way a lead's or a utilization lead's level changes.
import type { ServerModule } from '@server/server-module';
import { registerLeadLevelRoutes } from './lead-level-routes';

export const leadsModule: ServerModule = {
  name: 'leads',
  routes: (registry) => registerLeadLevelRoutes(registry),
};
