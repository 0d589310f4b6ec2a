// GET /metrics: this process's metrics in the Prometheus text format, for a scraper holding the metrics token
// (METRICS_TOKEN, a bearer token of its own: no staff session and no permission reads it). Without a token set the
// route answers 404, as if it did not exist.
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ResolvedDeps } from '@server/app-deps';
import { rowsOf } from '@server/db/rows';
import { backgroundJobs } from '@server/db/tables/background-jobs';
import { notFoundProblem, unauthorizedProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';

/** Path of the metrics. */
export const METRICS_PATH = '/metrics';

/** Whether the request's bearer token is the metrics token (compared in constant time). */
function holdsToken(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return sent.length === wanted.length && timingSafeEqual(sent, wanted);
}

/** The job queue's depth and the age of its oldest due job, in one short query. */
async function jobQueue(deps: ResolvedDeps): Promise<{ depth: number; oldestSeconds: number }> {
  const [row] = rowsOf<{ depth: number; oldest: number | null }>(
    await deps.db.execute(sql`select count(*)::int as depth, extract(epoch from (now() - min(run_after)))::float8 as oldest
      from ${backgroundJobs} where state = 'queued' and run_after <= now()`),
  );
  return { depth: Number(row?.depth ?? 0), oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}

/** Registers GET /metrics. */
export function registerMetricsRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: METRICS_PATH,
    access: { kind: 'public' },
    summary:
      "This process's metrics in the Prometheus text format (HTTP requests by route and status with their latency, the live channel's subscribers, the job queue, the database pool, the Node.js process, and the OCPP central system's chargers, messages, command round trips and batch writers). Needs `Authorization: Bearer <METRICS_TOKEN>`; 404 when no token is set.",
    responses: { 200: { description: 'The metrics (text/plain; version=0.0.4)' } },
    handler: async ({ c, deps }) => {
      const token = deps.config.metricsToken;
      if (!token) throw notFoundProblem(`No route answers GET ${METRICS_PATH}.`);
      if (!holdsToken(c.req.header('authorization'), token)) throw unauthorizedProblem('The metrics need the metrics token as a bearer token.');
      deps.metrics.setScrapeReads({ jobQueue: () => jobQueue(deps) });
      const text = await deps.metrics.render();
      return c.body(text, 200, { 'Content-Type': deps.metrics.contentType });
    },
  });
}
