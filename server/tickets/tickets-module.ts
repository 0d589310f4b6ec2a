// Tickets: delivery, the common ticket actions and their comments, and the same actions on many tickets at once
// (whose Close is a transition, running the effects of the ticket's workflow).
import type { ServerModule } from '@server/server-module';
import { registerDeliveryRoutes } from './delivery-routes';
import { registerTicketActionRoutes } from './ticket-action-routes';
import { registerTicketBulkRoutes } from './ticket-bulk-routes';

export const ticketsModule: ServerModule = {
  name: 'tickets',
  routes(registry, { effects }) {
    registerDeliveryRoutes(registry);
    registerTicketActionRoutes(registry);
    registerTicketBulkRoutes(registry, effects);
  },
};
