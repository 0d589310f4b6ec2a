import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { hasPermission } from '@domain/permissions';
import type { ResolvedDeps } from '@server/app-deps';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import { authenticate } from '@server/auth/session-service';
import type { AppEnv } from './app-env';
import { checkPathParams, parseJsonBody, parseQuery } from './parse-input';
import { forbiddenProblem } from './problem';
import type { RouteAccess } from './route-access';

/** HTTP methods a route may answer. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A documented answer of a route (for the OpenAPI document). */
export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
}

/** What a handler receives: the Hono context, validated input, the session (null on public routes), deps. */
export interface RouteContext<B, Q, A extends RouteAccess> {
  c: Context<AppEnv>;
  body: B;
  query: Q;
  session: A extends { kind: 'public' } ? null : AuthenticatedSession;
  deps: ResolvedDeps;
  clientAddress: string;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A route as declared: method, path, who may call it, its input schemas, a summary and the handler. */
export interface RouteDefinition<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, A extends RouteAccess> {
  method: HttpMethod;
  path: string;
  access: A;
  /** Request body schema (use strict objects so unknown keys are refused). */
  body?: B;
  query?: Q;
  summary: string;
  /** Answers by status, for the OpenAPI document. */
  responses?: Record<number, RouteResponse>;
  handler: (ctx: RouteContext<Output<B>, Output<Q>, A>) => Response | Promise<Response>;
}

/** A registered route as the registry lists it (everything but the handler). */
export interface RegisteredRoute {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
  body: z.ZodType | undefined;
  query: z.ZodType | undefined;
  summary: string;
  responses: Record<number, RouteResponse>;
  /** False for plumbing that is not part of the API contract (static files). */
  inApiDocument: boolean;
}

/** A registered middleware (global plumbing such as the client address), with why it exists. */
export interface RegisteredMiddleware {
  path: string;
  summary: string;
}

/** The route registry: the only way routes and middleware are added to the app. */
export interface RouteRegistry {
  /** Registers a route with its access rule; the handler runs only after access and input checks pass. */
  route<const A extends RouteAccess, B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
    definition: RouteDefinition<B, Q, A>,
  ): void;
  /** Registers a raw Hono handler with an access rule (static files); it is left out of the API document. */
  raw(definition: { method: HttpMethod; path: string; access: { kind: 'public' }; summary: string; handler: MiddlewareHandler<AppEnv> }): void;
  /** Registers a global middleware with a summary of why it exists. */
  use(path: string, summary: string, handler: MiddlewareHandler<AppEnv>): void;
  /** Every registered route, in registration order. */
  readonly routes: readonly RegisteredRoute[];
  /** Every registered middleware. */
  readonly middleware: readonly RegisteredMiddleware[];
  /** True when the function was registered through this registry (route handler or middleware). */
  isDeclared(handler: unknown): boolean;
}

/** Resolves the access rule of a request: null for public routes, else the checked session (401/403 otherwise). */
export async function enforceAccess(deps: ResolvedDeps, c: Context<AppEnv>, access: RouteAccess): Promise<AuthenticatedSession | null> {
  if (access.kind === 'public') return null;
  const session = await authenticate(deps, c.req.header('authorization'));
  c.set('session', session);
  if (access.kind === 'permission' && !hasPermission(session.permissions, access.permission)) {
    throw forbiddenProblem(`You do not have the permission this needs (${access.permission}).`);
  }
  return session;
}

/** Creates the registry over a Hono app. */
export function createRouteRegistry(app: Hono<AppEnv>, deps: ResolvedDeps): RouteRegistry {
  const routes: RegisteredRoute[] = [];
  const middleware: RegisteredMiddleware[] = [];
  const declared = new WeakSet<object>();

  return {
    routes,
    middleware,
    isDeclared: (handler) => typeof handler === 'function' && declared.has(handler),

    route(definition) {
      const { access, body, query, handler } = definition;
      const wrapped = async (c: Context<AppEnv>): Promise<Response> => {
        // Access first: an anonymous caller learns nothing about a route's input rules.
        const session = await enforceAccess(deps, c, access);
        checkPathParams(c);
        const parsedQuery = query ? parseQuery(c, query) : undefined;
        const parsedBody = body ? await parseJsonBody(c, body) : undefined;
        return handler({
          c,
          body: parsedBody as Output<typeof body>,
          query: parsedQuery as Output<typeof query>,
          session: session as RouteContext<unknown, unknown, typeof access>['session'],
          deps,
          clientAddress: c.get('clientAddress'),
        } as Parameters<typeof handler>[0]);
      };
      declared.add(wrapped);
      routes.push({
        method: definition.method,
        path: definition.path,
        access,
        body,
        query,
        summary: definition.summary,
        responses: definition.responses ?? {},
        inApiDocument: true,
      });
      app.on(definition.method, definition.path, wrapped);
    },

    raw(definition) {
      declared.add(definition.handler);
      routes.push({
        method: definition.method,
        path: definition.path,
        access: definition.access,
        body: undefined,
        query: undefined,
        summary: definition.summary,
        responses: {},
        inApiDocument: false,
      });
      app.on(definition.method, definition.path, definition.handler);
    },

    use(path, summary, handler) {
      declared.add(handler);
      middleware.push({ path, summary });
      app.use(path, handler);
    },
  };
}
