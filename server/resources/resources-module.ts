// The generic routes of every resource definition (list, one, create, update, activate, summary, audit timeline),
// each running the activation check another module declares for its resource.
import type { ServerModule } from '@server/server-module';
import { registerResourceRoutes } from './resource-routes';

export const resourcesModule: ServerModule = {
  name: 'resources',
  routes: (registry, { activationChecks }) => registerResourceRoutes(registry, activationChecks),
};
