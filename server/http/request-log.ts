// One structured log line per request, and the request id that ties an answer to its log lines. A line carries
// what happened (method, path, route, status, time, user id, request id), never data: no bodies, no query strings,
// no headers, no bound parameters.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { logLine, type Logger } from '@server/app-deps';
import type { AppEnv } from './app-env';

/** Header of every answer naming its request id (also in the request's log lines). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

// Paths are attacker-chosen on the console fallback: bounded, and JSON-escaped by logLine.
const MAX_LOGGED_PATH = 200;

/** Middleware (registered first): sets the request id and its header, and logs the request once answered. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    // On the answer's own headers: c.header() after the handler rebuilds the answer around its body as a stream.
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
    const route = matchedRoutes(c).find((r) => r.method !== 'ALL')?.path ?? null;
    logger.info(
      logLine('request', {
        requestId,
        method: c.req.method,
        path: c.req.path.slice(0, MAX_LOGGED_PATH),
        route,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        userId: c.get('session')?.userId ?? null,
      }),
    );
  };
}
