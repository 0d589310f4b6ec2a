// The live channel's event (GET /events, server-sent events): which cached data changed, and who may learn of it.
import { z } from 'zod';
import { isPermission, type Permission } from './permissions';

/** Bus channel of the console's live events (server/live/notification-bus.ts). */
export const LIVE_CHANNEL = 'live_events';

/** Path of the live stream (server-sent events, bearer-authenticated). */
export const LIVE_EVENTS_PATH = '/events';

/** Seconds between the stream's heartbeat comments (proxies close quiet connections). */
export const LIVE_HEARTBEAT_SECONDS = 15;

const keyPart = z.union([z.string().max(200), z.number()]);

/**
 * One live event. `keys` are TanStack Query key prefixes of the console's factory (src/data/query-keys.ts):
 * `['chargers']` refreshes every charger list and record, `['chargers', 'one', '12']` one record. `permission`:
 * only users holding it receive the event (null: every signed-in user). `topic` and `data` are small extras a
 * screen may show (a command's answer) without fetching.
 */
export const liveEventSchema = z.object({
  keys: z.array(z.array(keyPart).min(1).max(6)).max(20),
  permission: z.string().refine(isPermission, 'not a permission').nullable(),
  topic: z.string().max(60).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type LiveEvent = Omit<z.infer<typeof liveEventSchema>, 'permission'> & { permission: Permission | null };

/** Topic of the event a stream sends its own user when their permissions changed: the console reads its session again. */
export const LIVE_SESSION_TOPIC = 'session';

/** Query key of the session event (nothing is cached under it; the topic is what the console acts on). */
export const LIVE_SESSION_KEY = 'session';

/** Key prefix of every list and record of a resource (matches `queryKeys.resource(name).all`). */
export const liveResourceKey = (resource: string): string[] => [resource];

/** Topic of the event announcing a new record of a resource (`data`: resource, id): a list shows "N new". */
export const LIVE_CREATED_TOPIC = 'record-created';

/** Key of a `record-created` event: no query has it, so nothing refetches by itself (the list offers to show them). */
export const liveCreatedKey = (resource: string): string[] => ['created', resource];

/** Key prefix of one record of a resource (matches `queryKeys.resource(name).one(id)`). */
export const liveRecordKey = (resource: string, id: string | number): string[] => [resource, 'one', String(id)];

/** Key prefix of a charger's live OCPP state: connectors, session, commands, messages (matches `queryKeys.ocpp(id)`). */
export const liveOcppKey = (chargerId: string | number): string[] => ['ocpp', String(chargerId)];
