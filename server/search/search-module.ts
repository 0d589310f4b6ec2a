// Search: the entity lookup the console's palette calls.
import type { ServerModule } from '@server/server-module';
import { registerLookupRoutes } from './lookup-routes';

export const searchModule: ServerModule = {
  name: 'search',
  routes: (registry) => registerLookupRoutes(registry),
};
