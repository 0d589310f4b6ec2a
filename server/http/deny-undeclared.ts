import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './app-env';
import { problemResponse, problemTypes } from './problem';
import type { RouteRegistry } from './route-registry';

/**
 * Deny by default: refuses (403) any request that a handler not registered through the route registry
 * would answer, so a route added with plain `app.get(...)` and no access rule is never reachable.
 */
export function denyUndeclared(registry: Pick<RouteRegistry, 'isDeclared'>, log: (message: string) => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const undeclared = matchedRoutes(c).find((route) => !registry.isDeclared(route.handler));
    if (undeclared) {
      log(`[http] refused ${c.req.method} ${c.req.path}: route ${undeclared.method} ${undeclared.path} declares no access rule`);
      return problemResponse(c, {
        type: problemTypes.undeclaredRoute,
        status: 403,
        title: 'Forbidden',
        detail: 'This route declares no access rule, so it is refused.',
      });
    }
    await next();
  };
}
