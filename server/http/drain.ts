// A process that is stopping (SIGTERM) drains: from that moment it takes no new request (503 with Retry-After and
// Connection: close, so a load balancer or the console retries on another process), says it is not ready, ends its
// live-channel streams without an end event (the console reconnects, to another process behind a balancer), and
// lets the requests already being answered finish (server/start-server.ts waits for them up to a deadline).
// Liveness still answers: a draining process is alive, and a supervisor must not kill it before its deadline.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { problemResponse } from './problem';

/** A process's drain: started once, heard by whoever must stop taking work. */
export interface Drain {
  start(): void;
  draining(): boolean;
  /** Calls `listener` when the drain starts (at once if it has); answers a function that stops listening. */
  onStart(listener: () => void): () => void;
}

/** Paths still answered while draining: liveness (the process is alive until it exits). */
const ANSWERED_WHILE_DRAINING = new Set(['/health/live']);

/** Creates a process's drain (not started). */
export function createDrain(): Drain {
  let started = false;
  const listeners = new Set<() => void>();
  return {
    start() {
      if (started) return;
      started = true;
      for (const listener of [...listeners]) listener();
      listeners.clear();
    },
    draining: () => started,
    onStart(listener) {
      if (started) {
        listener();
        return () => {};
      }
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Middleware: while the process drains, a new request is refused with 503, Retry-After and Connection: close. */
export function refuseWhileDraining(drain: Drain): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!drain.draining() || ANSWERED_WHILE_DRAINING.has(c.req.path)) return next();
    return problemResponse(
      c,
      { type: '/problems/draining', status: 503, title: 'Service Unavailable', detail: 'This server process is restarting. Try again: another process answers.' },
      { 'Retry-After': '1', Connection: 'close' },
    );
  };
}
