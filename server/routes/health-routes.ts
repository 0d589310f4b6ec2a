import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RouteRegistry } from '@server/http/route-registry';

/** Answer of GET /health. */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** Liveness and database check for load balancers. */
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
}
