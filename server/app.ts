import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { logLine, resolveDeps, type AppDeps } from './app-deps';
import { announceRecordChanges } from './live/record-changes';
import { loggableError } from './db/database-error';
import type { AppEnv } from './http/app-env';
import { clientAddressOf } from './http/client-address';
import { contentSecurityPolicy } from './http/content-security-policy';
import { databaseProblem } from './http/database-problem';
import { denyUndeclared } from './http/deny-undeclared';
import { refuseWhileDraining } from './http/drain';
import { HttpProblem, notFoundProblem, problemResponse, problemTypes } from './http/problem';
import { requestGate } from './http/request-gate';
import { requestLog } from './http/request-log';
import { createRouteRegistry, type RouteRegistry } from './http/route-registry';
import { isApiPath } from './http/service-prefixes';
import { registerStaticFiles, type StaticFilesOptions } from './http/static-files';
import { registerOpenApiRoutes } from './routes/openapi-routes';
import { appModules } from './app-modules';
import { bodyLimitOwners, gatherLiveListeners, gatherRequestBodies, registerModuleRoutes } from './server-module';

/** Largest request body accepted (JSON only for now). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Whether the request declares a body (a length other than 0, or a transfer encoding). */
const sendsBody = (c: Context<AppEnv>) => (c.req.header('content-length') ?? '0') !== '0' || c.req.header('transfer-encoding') !== undefined;

/** Options of createApp. */
export interface CreateAppOptions {
  /** Serve the console build and /cdn images (main.ts does; tests of the API alone do not). */
  staticFiles?: StaticFilesOptions;
}

/** The HTTP app and the registry of its routes (for the deny-by-default test and the OpenAPI document). */
export interface CreatedApp {
  app: Hono<AppEnv>;
  registry: RouteRegistry;
}

/** Builds the HTTP app: global middleware, every API route through the registry, problem+json errors. */
export function createApp(appDeps: AppDeps, options: CreateAppOptions = {}): CreatedApp {
  const deps = resolveDeps(appDeps);
  const app = new Hono<AppEnv>();
  const registry = createRouteRegistry(app, deps);
  // The bus channels the modules listen to while the app runs (the session cache hears of sign-outs in other processes).
  for (const { channel, listener } of gatherLiveListeners(appModules)) deps.bus.subscribe(channel, listener(deps));

  registry.use('*', 'A request id on every answer (X-Request-Id), one log line per request carrying no data, and its count and time in the metrics.', requestLog(deps.logger, deps.metrics));
  registry.use('*', 'While the process drains (it is stopping), a new request is refused with 503 and Connection: close; liveness still answers.', refuseWhileDraining(deps.drain));
  registry.use('*', 'Requests in flight are counted: background jobs (exports) wait between batches until none is being answered.', requestGate());
  registry.use('*', 'Deny by default: refuse requests a route without an access declaration would answer.', denyUndeclared(registry, (m) => deps.logger.warn(m)));
  registry.use('*', 'A write request clears the checked-session copies when it ends: it may have signed out, changed a user, a staff record or a role (other processes hear of it through the auth_changed notification).', async (c, next) => {
    try {
      await next();
    } finally {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS') deps.authCache.clear();
    }
  });
  registry.use('*', 'A write answered 2xx announces the records it audited on the live channel (new records as "N new" in lists, changes as refreshes).', announceRecordChanges(deps.bus, (e) => deps.logger.warn(`live publish failed: ${e instanceof Error ? e.message : String(e)}`)));
  registry.use('*', 'Record the client address (rate limits, sessions).', async (c, next) => {
    c.set('clientAddress', clientAddressOf(c, deps.config.trustProxy));
    await next();
  });
  registry.use('*', 'Security headers on every answer (images stay loadable from a console on another origin).', secureHeaders({ crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: false }));
  registry.use('*', 'A Content-Security-Policy on every answer: strict for the console and API docs pages, nothing allowed for API answers.', contentSecurityPolicy(deps.config.imageCdnUrl));
  registry.use('*', 'API answers are per user and never cached.', async (c, next) => {
    await next();
    if (isApiPath(c.req.path) && !c.req.path.startsWith('/cdn/')) c.res.headers.set('Cache-Control', 'no-store');
  });
  const globalBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      problemResponse(c, { type: problemTypes.payloadTooLarge, status: 413, title: 'Payload Too Large', detail: 'The request body is larger than 1 MiB.' }),
  });
  // A GET or HEAD that declares no body has none to limit (asking for it would build the whole request object);
  // writes are always checked, with or without a declared length.
  const bodiless = (c: Context<AppEnv>) => (c.req.method === 'GET' || c.req.method === 'HEAD') && !sendsBody(c);
  const ownsBodyLimit = bodyLimitOwners(appModules);
  registry.use('*', 'Refuse request bodies over 1 MiB (uploads check their own, larger limit).', (c, next) => (ownsBodyLimit(c.req.path) || bodiless(c) ? next() : globalBodyLimit(c, next)));

  // Every feature's routes, in the order of the module list; then the API document of all of them.
  registerModuleRoutes(registry, appModules);
  registerOpenApiRoutes(registry, { requestBodies: gatherRequestBodies(appModules) });
  if (options.staticFiles) registerStaticFiles(registry, { imageCdnUrl: deps.config.imageCdnUrl, ...options.staticFiles });

  app.notFound((c) => problemResponse(c, notFoundProblem(`No route answers ${c.req.method} ${c.req.path}.`).problem));
  app.onError((error, c) => {
    if (error instanceof HttpProblem) return problemResponse(c, error.problem, error.headers);
    // Only names and codes are logged: a failed query's message lists its parameters (see database-error.ts).
    const where = { requestId: c.get('requestId'), method: c.req.method, path: c.req.path.slice(0, 200), ...loggableError(error) };
    const refused = databaseProblem(error);
    if (refused) {
      deps.logger.warn(logLine('query-refused', where));
      return problemResponse(c, refused.problem);
    }
    deps.logger.error(logLine('request-failed', where));
    return problemResponse(c, { type: problemTypes.internal, status: 500, title: 'Internal Server Error', detail: 'Something went wrong.' });
  });
  return { app, registry };
}
