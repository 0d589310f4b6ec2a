// Global data: the notification templates' test send (the rest of global data is generic resources).
import type { ServerModule } from '@server/server-module';
import { registerNotificationTemplateRoutes } from './notification-template-routes';

export const globalDataModule: ServerModule = {
  name: 'global-data',
  routes: (registry) => registerNotificationTemplateRoutes(registry),
};
