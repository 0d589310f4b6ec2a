// The live channel's event (GET /events, server-sent events): which cached data changed, and who may learn of it.
import { z } from 'zod';
import { hasPermission, isPermission, type Permission } from './permissions';
import { anyViewPermissions, type Resource } from './resource/define-resource';

/** Bus channel of the console's live events (server/live/notification-bus.ts). */
export const LIVE_CHANNEL = 'live_events';

/** Path of the live stream (server-sent events, bearer-authenticated). */
export const LIVE_EVENTS_PATH = '/events';

/** Seconds between the stream's heartbeat comments (proxies close quiet connections). */
export const LIVE_HEARTBEAT_SECONDS = 15;

const keyPart = z.union([z.string().max(200), z.number()]);

/** Audience of an event whose data every signed-in staff user may read (All Downloads, RFID history, their own tickets). */
export const LIVE_ANY_SIGNED_IN = 'signed-in';

const permission = z.string().refine(isPermission, 'not a permission');

/**
 * Who receives a live event, named for the data its keys refresh: the users holding a permission, holding any one of
 * several (the view permissions of a resource's lists), or LIVE_ANY_SIGNED_IN for data every signed-in user may read.
 * There is no default: every event says which, and keys that need different permissions go in events of their own.
 */
export const liveAudienceSchema = z.union([z.literal(LIVE_ANY_SIGNED_IN), permission, z.array(permission).min(1).max(20)]);
export type LiveAudience = typeof LIVE_ANY_SIGNED_IN | Permission | readonly Permission[];

/**
 * One live event. `keys` are TanStack Query key prefixes of the console's factory (src/data/query-keys.ts):
 * `['chargers']` refreshes every charger list and record, `['chargers', 'one', '12']` one record. `permission`: who
 * receives it (LiveAudience). `topic` and `data` are small extras a screen may show (a command's answer) without
 * fetching; they go to the same users, so they carry nothing the permission does not let them read.
 */
export const liveEventSchema = z.object({
  keys: z.array(z.array(keyPart).min(1).max(6)).max(20),
  permission: liveAudienceSchema,
  topic: z.string().max(60).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type LiveEvent = Omit<z.infer<typeof liveEventSchema>, 'permission'> & { permission: LiveAudience };

/** Whether a user holding `granted` receives an event for `audience`. */
export function mayReceiveLive(granted: readonly string[] | ReadonlySet<string>, audience: LiveAudience): boolean {
  if (audience === LIVE_ANY_SIGNED_IN) return true;
  if (typeof audience === 'string') return hasPermission(granted, audience);
  return audience.some((p) => hasPermission(granted, p));
}

/** The audience of data any one of which lets a user read it: everyone in any of them. */
export function eitherAudience(...audiences: LiveAudience[]): LiveAudience {
  if (audiences.includes(LIVE_ANY_SIGNED_IN)) return LIVE_ANY_SIGNED_IN;
  const permissions = [...new Set(audiences.flatMap((a) => (typeof a === 'string' ? [a as Permission] : a)))];
  return permissions.length === 1 ? permissions[0]! : permissions;
}

/**
 * Who may hear of a change to a record of the resource: whoever may see it in some list. A resource every signed-in
 * user may list (All Downloads) is heard of by all of them. Lists of one's own records that need no permission (My
 * tickets) count when `inOwnLists` — the record may be in someone's own list, and who that is is not known here — and
 * make it every signed-in user too; a record in no one's own list (a ticket no one is assigned) leaves them out.
 */
export function resourceAudience(resource: Resource, options: { inOwnLists: boolean }): LiveAudience {
  if (resource.permissions.view === null) return LIVE_ANY_SIGNED_IN;
  const scopes = Object.values(resource.scopes ?? {});
  if (options.inOwnLists && scopes.some((scope) => scope.permission === null)) return LIVE_ANY_SIGNED_IN;
  const permissions = anyViewPermissions(resource).filter((p): p is Permission => p !== null);
  return eitherAudience(...permissions);
}

/**
 * The events of a change whose keys name data that different permissions let users read: one event per audience,
 * with the keys that audience may hear of (equal audiences share one event).
 */
export function liveEventsByAudience(parts: readonly (readonly [key: string[], audience: LiveAudience])[]): LiveEvent[] {
  const byAudience = new Map<string, LiveEvent>();
  for (const [key, audience] of parts) {
    const id = JSON.stringify(typeof audience === 'string' ? audience : [...audience].sort());
    const event = byAudience.get(id);
    if (event) event.keys.push(key);
    else byAudience.set(id, { keys: [key], permission: audience });
  }
  return [...byAudience.values()];
}

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
