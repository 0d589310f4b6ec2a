// The platform's own routes, which every feature relies on: health, sign-in and the session, the console's
// configuration, and file uploads (with the larger body limit they check themselves).
import { AUTH_CHANGED_CHANNEL } from '@server/auth/auth-cache';
import type { ServerModule } from '@server/server-module';
import { registerAuthRoutes } from './auth-routes';
import { registerConfigRoutes } from './config-routes';
import { registerHealthRoutes } from './health-routes';
import { hasOwnBodyLimit, registerUploadRoutes, uploadRequestBodies } from './upload-routes';

export const routesModule: ServerModule = {
  name: 'routes',
  routes(registry) {
    registerHealthRoutes(registry);
    registerAuthRoutes(registry);
    registerConfigRoutes(registry);
    registerUploadRoutes(registry);
  },
  liveEvents: [
    {
      channel: AUTH_CHANGED_CHANNEL,
      summary: 'Database triggers announce every change to sessions, users, staff and roles, from any process: the checked-session copies are cleared.',
      listener: (deps) => () => deps.authCache.clear(),
    },
  ],
  requestBodies: uploadRequestBodies,
  ownsBodyLimit: hasOwnBodyLimit,
};
