// GET /events: the console's one live channel (server-sent events). Bearer-authenticated like every route (the
// console reads it with fetch, since EventSource cannot send headers); each event goes only to the users its audience
// names (the permission its data needs: domain/live-event.ts), and an event naming none is dropped; a comment
// every LIVE_HEARTBEAT_SECONDS keeps proxies from closing it; sign-out, expiry, idle timeout or a deactivated account
// end it.
import { eq } from 'drizzle-orm';
import { streamSSE } from 'hono/streaming';
import { LIVE_CHANNEL, LIVE_EVENTS_PATH, LIVE_HEARTBEAT_SECONDS, LIVE_SESSION_KEY, LIVE_SESSION_TOPIC, liveEventSchema, mayReceiveLive, type LiveEvent } from '@domain/live-event';
import type { Permission } from '@domain/permissions';
import type { ResolvedDeps } from '@server/app-deps';
import { permissionsOf } from '@server/auth/permissions-of';
import { czoUsers, sessions, users } from '@server/db/schema';
import type { RouteRegistry } from '@server/http/route-registry';
import { liveEventsOf } from './live-events';

/** How often an open stream checks its session again (ms): expiry and idle timeout end the stream within this. */
export const LIVE_SESSION_CHECK_MS = 10_000;

/** Channel on which database triggers announce changes to sessions, users, staff and roles (sign-out ends streams at once). */
const AUTH_CHANGED = 'auth_changed';

/** Why a session may no longer stream, or null while it may. Reads without moving last_seen_at (a stream is not activity). */
async function sessionEndReason(deps: ResolvedDeps, sessionId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, userActive: users.isActive, staffActive: czoUsers.isActive })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(czoUsers, eq(czoUsers.userId, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  const now = deps.now().getTime();
  if (!row) return 'Your session is not valid. Sign in again.';
  if (row.revokedAt) return 'You have signed out. Sign in again.';
  if (row.expiresAt.getTime() <= now) return 'Your session has expired. Sign in again.';
  if (row.lastSeenAt.getTime() + deps.config.session.idleMinutes * 60_000 < now) return 'Your session expired after a period of inactivity. Sign in again.';
  if (!row.userActive || !row.staffActive) return 'Your account is not active.';
  return null;
}

/** Registers GET /events. */
export function registerLiveEventsRoute(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: LIVE_EVENTS_PATH,
    access: { kind: 'signed-in' },
    summary:
      'Live updates (text/event-stream): `change` events name the query keys to refresh, filtered by the permissions of the signed-in user; `end` says why the stream closed (sign-out, expiry).',
    responses: { 200: { description: 'A server-sent events stream: `ready`, then `change` events and heartbeat comments; `end` before it closes.' } },
    handler: ({ c, session, deps }) => {
      c.header('Cache-Control', 'no-store');
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        let permissions: readonly Permission[] = session.permissions;
        let queue = Promise.resolve();
        let id = 0;
        const write = (task: () => Promise<void>) => {
          queue = queue.then(task).catch(() => {});
        };
        const unsubscribe = deps.bus.subscribe(LIVE_CHANNEL, (payload) => {
          for (const item of liveEventsOf(payload)) {
            const parsed = liveEventSchema.safeParse(item);
            if (!parsed.success) continue;
            const event = parsed.data;
            if (!mayReceiveLive(permissions, event.permission as LiveEvent['permission'])) continue;
            id += 1;
            const data = JSON.stringify({ keys: event.keys, topic: event.topic, data: event.data });
            const eventId = String(id);
            write(() => stream.writeSSE({ event: 'change', data, id: eventId }));
          }
        });
        let ended: (reason: string | null) => void = () => {};
        const done = new Promise<string | null>((resolve) => {
          ended = resolve;
        });
        stream.onAbort(() => ended(null));
        deps.metrics.liveSubscribers(1);
        // A stopping process ends its streams without an end event: the console reconnects (behind a balancer, to another process).
        const stopDrainWatch = deps.drain.onStart(() => ended(null));
        const heartbeat = setInterval(() => write(async () => void (await stream.write(`: heartbeat ${deps.now().toISOString()}\n\n`))), LIVE_HEARTBEAT_SECONDS * 1000);
        let checking = false;
        const recheck = () => {
          if (checking) return;
          checking = true;
          void (async () => {
            const reason = await sessionEndReason(deps, session.sessionId).catch(() => null);
            if (reason) {
              ended(reason);
              return;
            }
            const now = await permissionsOf(deps.db, session.userId).catch(() => permissions);
            if (now.join(',') === permissions.join(',')) return;
            permissions = now;
            // The user's roles changed (an edited role, a mapping added or removed): the console reads its session
            // again, so its menu and screens follow without signing in again.
            id += 1;
            write(() => stream.writeSSE({ event: 'change', data: JSON.stringify({ keys: [[LIVE_SESSION_KEY]], topic: LIVE_SESSION_TOPIC }), id: String(id) }));
          })().finally(() => {
            checking = false;
          });
        };
        const check = setInterval(recheck, LIVE_SESSION_CHECK_MS);
        const stopAuthWatch = deps.bus.subscribe(AUTH_CHANGED, recheck);
        try {
          await stream.writeSSE({ event: 'ready', data: JSON.stringify({ heartbeatSeconds: LIVE_HEARTBEAT_SECONDS }), retry: 3000 });
          const reason = await done;
          if (reason) {
            await queue;
            await stream.writeSSE({ event: 'end', data: JSON.stringify({ reason }) }).catch(() => {});
          }
        } finally {
          deps.metrics.liveSubscribers(-1);
          stopDrainWatch();
          unsubscribe();
          stopAuthWatch();
          clearInterval(heartbeat);
          clearInterval(check);
          await stream.close().catch(() => {});
        }
      });
    },
  });
}
