// Live record changes: every audited write of a request (server/audit/write-audit.ts) is remembered for that request,
// and once the request has answered 2xx — its transaction committed — each changed record is announced on the live
// channel to the consoles allowed to view it: a new record as a `record-created` topic (lists show "N new" instead
// of moving rows under the reader), any other change by refreshing that resource's lists and records. Writes outside
// requests (OCPP messages, jobs) announce their own changes.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { LIVE_ANY_SIGNED_IN, LIVE_CREATED_TOPIC, liveCreatedKey, liveResourceKey, resourceAudience } from '@domain/live-event';
import type { Resource } from '@domain/resource/define-resource';
import { findResource, resources } from '@domain/resource/registry';
import type { NotificationBus } from './notification-bus';
import { publishLive } from './live-events';

interface RecordChange {
  entityType: string;
  entityId: string;
  action: string;
}

const requestChanges = new AsyncLocalStorage<RecordChange[]>();
/** Writes being answered now (the storage is disabled when none is). */
let writesInFlight = 0;

/** Called by writeAudit: remembers the change for the request being answered (outside a request: nothing). */
export function noteRecordChange(change: RecordChange): void {
  requestChanges.getStore()?.push(change);
}

/** Middleware: collects the request's audited changes and announces them once it has answered 2xx. */
export function announceRecordChanges(bus: NotificationBus, onError: (error: unknown) => void): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const changes: RecordChange[] = [];
    writesInFlight += 1;
    try {
      await requestChanges.run(changes, () => next());
    } finally {
      writesInFlight -= 1;
      // Node 20 keeps its promise hooks on while any AsyncLocalStorage is enabled: every promise of every request
      // paid for them once one write had been answered (~2% of the bookings page's CPU samples under load). Off again
      // once no write is being answered; the next write turns them on.
      if (writesInFlight === 0) requestChanges.disable();
    }
    if (c.res.status < 200 || c.res.status >= 300 || changes.length === 0) return;
    for (const change of changes) {
      const resource = findResource(change.entityType);
      if (!resource) continue;
      if (change.action.toLowerCase() === 'create') {
        // "N new" in the lists of whoever may see them all: a list of one's own records would count others' records.
        const permission = resource.permissions.view ?? LIVE_ANY_SIGNED_IN;
        publishLive(bus, { keys: [liveCreatedKey(resource.name)], permission, topic: LIVE_CREATED_TOPIC, data: { resource: resource.name, id: change.entityId } }, { immediate: true, onError });
      } else {
        publishLive(bus, { keys: [liveResourceKey(resource.name)], permission: resourceAudience(resource, { inOwnLists: true }) }, { onError });
        for (const shared of sharedListsOf(resource)) publishLive(bus, { keys: [liveResourceKey(shared.name)], permission: resourceAudience(shared, { inOwnLists: true }) }, { onError });
      }
    }
  };
}

/**
 * The other resources whose lists show a record of this one: those on the same table that no fixed value narrows,
 * when this one is narrowed (a ticket kind's change also refreshes the cross-kind My, Open and Today's tickets).
 * A new record is not announced to them: "N new" there would count records that are not the reader's.
 */
function sharedListsOf(resource: Resource): Resource[] {
  if (!resource.fixed) return [];
  return resources.filter((r) => r !== resource && r.table === resource.table && !r.fixed);
}
