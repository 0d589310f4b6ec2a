import { LIVE_CHANNEL, type LiveEvent } from '@domain/live-event';
import { MAX_PAYLOAD_BYTES, type NotificationBus } from './notification-bus';

/** How long equal events are gathered into one (ms): a charger sending many messages a second refreshes screens once. */
export const LIVE_COALESCE_MS = 500;

/** The events gathered for one bus until its next send, by keys, permission and topic (the newest data wins). */
interface Pending {
  events: Map<string, LiveEvent>;
  onError?: (error: unknown) => void;
}

const pendingByBus = new WeakMap<NotificationBus, Pending>();

/**
 * Publishes a live event (or the events of one change, one per audience) to every console that may see it. Events gathered within LIVE_COALESCE_MS go out together:
 * equal ones (same keys, permission and topic) once, the newest data winning, and all of them in as few
 * notifications as fit NOTIFY's payload limit (`{ batch: [...] }`; a lone event as itself). Ten thousand chargers
 * each sending a message make a few notifications a second, not one per charger: on PostgreSQL each notification is
 * a statement and a commit through the pool, and every process's listener reads each one. `immediate` sends at once
 * (a command's answer, a new record).
 */
export function publishLive(bus: NotificationBus, event: LiveEvent | readonly LiveEvent[], options: { immediate?: boolean; onError?: (error: unknown) => void } = {}): void {
  if (isEventList(event)) {
    // The parts of one change, each for its own audience (liveEventsByAudience): sent together.
    if (options.immediate) for (const payload of payloadsOf([...event])) send(bus, payload, options.onError);
    else for (const part of event) publishLive(bus, part, options);
    return;
  }
  if (options.immediate) {
    send(bus, event, options.onError);
    return;
  }
  let pending = pendingByBus.get(bus);
  if (!pending) {
    const gathered: Pending = { events: new Map() };
    pending = gathered;
    pendingByBus.set(bus, gathered);
    setTimeout(() => {
      pendingByBus.delete(bus);
      for (const payload of payloadsOf([...gathered.events.values()])) send(bus, payload, gathered.onError);
    }, LIVE_COALESCE_MS).unref();
  }
  if (options.onError) pending.onError = options.onError;
  pending.events.set(JSON.stringify([event.keys, event.permission, event.topic ?? null]), event);
}

const isEventList = (event: LiveEvent | readonly LiveEvent[]): event is readonly LiveEvent[] => Array.isArray(event);

const send = (bus: NotificationBus, payload: unknown, onError?: (error: unknown) => void) => void bus.publish(LIVE_CHANNEL, payload).catch((error: unknown) => onError?.(error));

/** Room left in a notification for the batch's own wrapping (`{"batch":[…]}`). */
const BATCH_WRAPPING_BYTES = 16;

/** Events packed into notifications under the payload limit: a lone event as itself, more as `{ batch }`. */
function payloadsOf(events: LiveEvent[]): unknown[] {
  if (events.length === 1) return events;
  return liveBatchesOf(events).map((batch) => (batch.length === 1 ? batch[0] : { batch }));
}

/**
 * Events in groups, in their order, each group's `{"batch":[…]}` (its events' JSON joined by commas) under NOTIFY's
 * payload limit; an event too large for any group is a group of its own.
 */
export function liveBatchesOf(events: readonly LiveEvent[]): LiveEvent[][] {
  const batches: LiveEvent[][] = [];
  let batch: LiveEvent[] = [];
  let bytes = 0;
  for (const event of events) {
    const size = Buffer.byteLength(JSON.stringify(event)) + 1;
    if (batch.length > 0 && bytes + size > MAX_PAYLOAD_BYTES - BATCH_WRAPPING_BYTES) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(event);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** The live events a notification on the live channel carries (one, or a batch). */
export function liveEventsOf(payload: unknown): unknown[] {
  const batch = (payload as { batch?: unknown } | null)?.batch;
  return Array.isArray(batch) ? batch : [payload];
}
