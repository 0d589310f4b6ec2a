// The kept bulk runs, read back: the user's own runs, one run, and a page of its records. A run is readable by the
// user who ran it, and by a user holding the view permission of the resource it acted on (who may see every record
// of that resource anyway, so the run tells them nothing their lists do not, beyond who did what, as the history
// does); anyone else is answered as if it did not exist.
import { BULK_RUNS_PATH, bulkRunItemsQuerySchema, bulkRunItemsSchema, bulkRunListQuerySchema, bulkRunListSchema, bulkRunSchema, type BulkRun } from '@domain/bulk-runs';
import { hasPermission } from '@domain/permissions';
import { problemSchema } from '@domain/problem';
import { findResource } from '@domain/resource/registry';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { Database } from '@server/db/database';
import { notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { bulkRunItemsPage, findBulkRun, userBulkRuns } from './bulk-run-store';

/** True when the session may read the run: its own, or one on a resource whose every record it may view. */
export function mayReadBulkRun(session: AuthenticatedSession, run: Pick<BulkRun, 'userId' | 'resource'>): boolean {
  if (run.userId === session.userId) return true;
  const view = findResource(run.resource)?.permissions.view;
  return typeof view === 'string' && hasPermission(session.permissions, view);
}

/** The run named by the path, if the session may read it; else 404 in the same words as one that does not exist. */
async function readableRun(db: Database, session: AuthenticatedSession, rawId: string): Promise<BulkRun> {
  const missing = notFoundProblem(`No bulk run you can see has the id ${rawId}.`);
  if (!/^\d{1,15}$/.test(rawId)) throw missing;
  const run = await findBulkRun(db, Number(rawId));
  if (!run || !mayReadBulkRun(session, run)) throw missing;
  return run;
}

/** Registers `GET {BULK_RUNS_PATH}`, `GET {BULK_RUNS_PATH}/:id` and `GET {BULK_RUNS_PATH}/:id/items`. */
export function registerBulkRunRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: BULK_RUNS_PATH,
    access: { kind: 'signed-in' },
    query: bulkRunListQuerySchema,
    summary: "The signed-in user's own bulk runs (bulk workflow events, activate and inactivate, ticket bulk actions), latest first, a page at a time.",
    responses: { 200: { description: 'Bulk runs', schema: bulkRunListSchema } },
    handler: async ({ c, query, session, deps }) => {
      const { items, count } = await userBulkRuns(deps.db, session.userId, query.page, query.size);
      return c.json({ items, count, page: query.page, size: query.size }, 200);
    },
  });

  registry.route({
    method: 'GET',
    path: `${BULK_RUNS_PATH}/:id`,
    access: { kind: 'signed-in' },
    summary: "One bulk run: who ran it, when, on which resource, the action in words, and its counts. Readable by the user who ran it and by users holding the resource's view permission; 404 for anyone else.",
    responses: { 200: { description: 'The run', schema: bulkRunSchema }, 404: { description: 'Not found, or not yours to read', schema: problemSchema } },
    handler: async ({ c, session, deps }) => c.json(await readableRun(deps.db, session, c.req.param('id')!), 200),
  });

  registry.route({
    method: 'GET',
    path: `${BULK_RUNS_PATH}/:id/items`,
    access: { kind: 'signed-in' },
    query: bulkRunItemsQuerySchema,
    summary: "A page of a bulk run's records in the order they were acted on, each with its label as it was, its result (changed, unchanged, refused) and why it was refused; `result` keeps one result, `q` finds text in the label or the id. Readable as the run is.",
    responses: { 200: { description: "The run's records", schema: bulkRunItemsSchema }, 400: { description: 'Invalid query', schema: problemSchema }, 404: { description: 'Not found, or not yours to read', schema: problemSchema } },
    handler: async ({ c, query, session, deps }) => {
      const run = await readableRun(deps.db, session, c.req.param('id')!);
      const { items, count } = await bulkRunItemsPage(deps.db, run.id, query);
      return c.json({ items, count, page: query.page, size: query.size }, 200);
    },
  });
}
