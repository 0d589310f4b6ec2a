import { LIVE_CHANNEL, type LiveEvent } from '@domain/live-event';
import type { NotificationBus } from './notification-bus';

/** How long equal events are gathered into one (ms): a charger sending many messages a second refreshes screens once. */
export const LIVE_COALESCE_MS = 500;

interface Pending {
  event: LiveEvent;
  timer: NodeJS.Timeout;
}

const pendingByBus = new WeakMap<NotificationBus, Map<string, Pending>>();

/**
 * Publishes a live event to every console that may see it. Events with the same keys, permission and topic within
 * LIVE_COALESCE_MS are sent once (the newest data wins); `immediate` sends at once (a command's answer).
 */
export function publishLive(bus: NotificationBus, event: LiveEvent, options: { immediate?: boolean; onError?: (error: unknown) => void } = {}): void {
  const send = (e: LiveEvent) => void bus.publish(LIVE_CHANNEL, e).catch((error: unknown) => options.onError?.(error));
  if (options.immediate) {
    send(event);
    return;
  }
  let pending = pendingByBus.get(bus);
  if (!pending) {
    pending = new Map();
    pendingByBus.set(bus, pending);
  }
  const id = JSON.stringify([event.keys, event.permission, event.topic ?? null]);
  const existing = pending.get(id);
  if (existing) {
    existing.event = event;
    return;
  }
  const map = pending;
  const entry: Pending = {
    event,
    timer: setTimeout(() => {
      map.delete(id);
      send(entry.event);
    }, LIVE_COALESCE_MS),
  };
  entry.timer.unref();
  map.set(id, entry);
}
