import { lookupQuerySchema, lookupResultSchema } from '@domain/lookup';
import { problemSchema } from '@domain/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { lookup } from './lookup';

/** Path of the entity lookup the palette calls. */
export const lookupPath = '/search-service/lookup';

/** The palette's entity lookup: an id, number or phone → the records of each kind the caller may view. */
export function registerLookupRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: lookupPath,
    access: { kind: 'signed-in' },
    query: lookupQuerySchema,
    summary:
      'Find chargers (unique id, device id, charger box id, IMEI, CCU id, BLE MAC, Chargemod station id), tickets and bookings (number), orders (order number), users and hosts (mobile number in any Indian form). Exact matches first, then prefix matches from 4 characters; `#` looks up tickets only, `@` users and hosts only. Only groups the caller may view.',
    responses: {
      200: { description: 'Groups of matching records', schema: lookupResultSchema },
      400: { description: 'Invalid query', schema: problemSchema },
      401: { description: 'Not signed in', schema: problemSchema },
    },
    handler: async ({ c, query, session, deps }) => c.json(await lookup({ db: deps.db, session, now: deps.now() }, query.q, query.scope, query.limit), 200),
  });
}
