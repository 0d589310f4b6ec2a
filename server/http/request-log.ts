// One structured log line per request, and the request id that ties an answer to its log lines. A line carries
// what happened (method, path, route, status, time, user id, request id), never data: no bodies, no query strings,
// no headers, no bound parameters.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { logLine, type Logger } from '@server/app-deps';
import type { AppMetrics } from '@server/metrics/app-metrics';
import type { AppEnv } from './app-env';

/** Header of every answer naming its request id (also in the request's log lines). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

// Paths are attacker-chosen on the console fallback: bounded, and JSON-escaped by logLine.
const MAX_LOGGED_PATH = 200;

/** Middleware (registered first): sets the request id and its header, and logs (and counts) the request once answered. */
export function requestLog(logger: Logger, metrics?: Pick<AppMetrics, 'observeRequest'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    // On the answer's own headers: c.header() after the handler rebuilds the answer around its body as a stream.
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
    const route = matchedRoutes(c).find((r) => r.method !== 'ALL')?.path ?? null;
    const seconds = (performance.now() - started) / 1000;
    metrics?.observeRequest(c.req.method, route, c.res.status, seconds);
    logger.info(
      logLine('request', {
        requestId,
        method: c.req.method,
        path: c.req.path.slice(0, MAX_LOGGED_PATH),
        route,
        status: c.res.status,
        ms: Math.round(seconds * 1000),
        userId: c.get('session')?.userId ?? null,
      }),
    );
  };
}
