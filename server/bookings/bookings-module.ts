// Bookings: their timeline, the stale sessions list, live charging actions, load balancing, instant charging and support's actions for the
// customer, and the booking machine's effects (a cancel's refund, a utilization correction's posting).
import { bookingResource } from '@domain/resources/bookings/booking';
import type { ServerModule } from '@server/server-module';
import { bookingEffects } from './booking-effects';
import { registerBookingLiveRoutes } from './booking-live-routes';
import { registerBookingSupportRoutes } from './booking-support-routes';
import { registerBookingTimelineRoutes } from './booking-timeline-routes';
import { registerInstantChargingRoutes } from './instant-charging-routes';
import { registerLoadBalancingRoutes } from './load-balancing-routes';
import { registerStaleSessionRoutes } from './stale-session-routes';

export const bookingsModule: ServerModule = {
  name: 'bookings',
  routes(registry) {
    registerBookingTimelineRoutes(registry);
    registerBookingLiveRoutes(registry);
    registerLoadBalancingRoutes(registry);
    registerInstantChargingRoutes(registry);
    registerBookingSupportRoutes(registry);
    registerStaleSessionRoutes(registry);
  },
  effects: { [bookingResource.name]: bookingEffects },
};
