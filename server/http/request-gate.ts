// Requests in flight in this process, so background work gives way to them. PGlite runs in the server's event loop
// and answers one statement at a time: an export batch started while a request waits makes that request wait for
// the whole batch. A job calls giveWay() between batches; it resolves once no request is being answered (or after
// a bound, so a steady stream of requests cannot stop the job).
import type { MiddlewareHandler } from 'hono';

let inFlight = 0;
let lastStartedAt = -Infinity;
let waiters: (() => void)[] = [];

/** Middleware: counts the request while it is answered (a stream counts until its handler returns). */
export function requestGate(): MiddlewareHandler {
  return async (_c, next) => {
    inFlight += 1;
    lastStartedAt = performance.now();
    try {
      await next();
    } finally {
      inFlight -= 1;
      if (inFlight === 0 && waiters.length > 0) {
        const ready = waiters;
        waiters = [];
        for (const resolve of ready) resolve();
      }
    }
  };
}

/** Milliseconds since this process last began answering a request. */
export function msSinceLastRequest(): number {
  return performance.now() - lastStartedAt;
}

/** Requests being answered now. */
export function requestsInFlight(): number {
  return inFlight;
}

/** Resolves once no request is being answered, or after `maxWaitMs`; always lets pending I/O run first. */
export async function giveWay(maxWaitMs = 250): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (inFlight === 0) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    waiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
