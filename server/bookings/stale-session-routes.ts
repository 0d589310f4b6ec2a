// The stale sessions list for staff: charging or paused bookings whose session went quiet (stale-sessions.ts), each a
// link to the booking where Close session is.
import { problemSchema } from '@domain/problem';
import { staleSessionsApiPath, staleSessionsSchema } from '@domain/stale-sessions';
import type { RouteRegistry } from '@server/http/route-registry';
import { staleSessions } from './stale-sessions';

/** Registers `GET /booking-service/admin/stale-sessions` (ROLE_VIEW_ONGOING_BOOKINGS, like the ongoing bookings). */
export function registerStaleSessionRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: staleSessionsApiPath,
    access: { kind: 'permission', permission: 'ROLE_VIEW_ONGOING_BOOKINGS' },
    summary:
      'Stale sessions: charging or paused bookings whose charger session sent no meter value (nor a stop) for STALE_SESSION_MINUTES, or that have no open charger session; quietest first (at most 500), with the setting and how many there are.',
    responses: { 200: { description: 'The stale sessions', schema: staleSessionsSchema }, 401: { description: 'Not signed in', schema: problemSchema }, 403: { description: 'Missing permission', schema: problemSchema } },
    handler: async ({ c, deps }) => {
      const minutes = deps.config.staleSessions.afterMinutes;
      const found = await staleSessions(deps.db, deps.now(), minutes);
      return c.json({ staleAfterMinutes: minutes, ...found }, 200);
    },
  });
}
