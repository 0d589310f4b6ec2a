import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RouteRegistry } from '@server/http/route-registry';
import { HttpProblem } from '@server/http/problem';

/** Answer of GET /health. */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
/** Answer of GET /health/ready when ready. */
export const readySchema = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });

/** How long readiness waits for the database's answer before it says not ready. */
const READY_DATABASE_WAIT_MS = 2_000;

/** Health for load balancers and process supervisors: liveness, readiness, and the older combined check. */
export function registerHealthRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: '/health',
    access: { kind: 'public' },
    summary: 'Health: the server answers and its database runs a query.',
    responses: { 200: { description: 'Healthy', schema: healthSchema } },
    handler: async ({ c, deps }) => {
      await deps.db.execute(sql`select 1`);
      return c.json({ status: 'ok' as const, database: deps.driver }, 200);
    },
  });

  registry.route({
    method: 'GET',
    path: '/health/live',
    access: { kind: 'public' },
    summary: 'Liveness: the process answers (its event loop turns). Nothing else is checked: a supervisor restarts a process that stops answering this.',
    responses: { 200: { description: 'Alive', schema: z.object({ status: z.literal('alive') }) } },
    handler: ({ c }) => c.json({ status: 'alive' as const }, 200),
  });

  registry.route({
    method: 'GET',
    path: '/health/ready',
    access: { kind: 'public' },
    summary:
      'Readiness: the database answers a query within 2 s and every part of the process is ready (the OCPP central system, which on PostgreSQL runs in a process of its own). 503 names what is not. The server listens only once its migrations are applied, so a migrating server is not ready either.',
    responses: { 200: { description: 'Ready', schema: readySchema }, 503: { description: 'Not ready: the problem names what is not' } },
    handler: async ({ c, deps }) => {
      const failing = deps.health.failing();
      let timer: NodeJS.Timeout | undefined;
      const answered = await Promise.race([
        deps.db.execute(sql`select 1`).then(() => true, () => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), READY_DATABASE_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!answered) failing.unshift('database');
      if (failing.length > 0) {
        throw new HttpProblem({ type: '/problems/not-ready', status: 503, title: 'Service Unavailable', detail: `Not ready: ${failing.join(', ')}.` }, { 'Retry-After': '5' });
      }
      return c.json({ status: 'ready' as const, database: deps.driver }, 200);
    },
  });
}
