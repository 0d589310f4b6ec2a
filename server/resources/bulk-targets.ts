// What every bulk route shares: the records it acts on (the ids sent, or every record a list query matches, at
// most BULK_MAX) and its answer (changed, unchanged, and each refused record with why, and the kept run's id). Each
// record then goes through its single route's own function; a refusal of one record is its HttpProblem's words,
// never a 500. Every run is kept with each record's result (server/bulk-runs), for the console's results page.
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { viewPermission, type Resource } from '@domain/resource/define-resource';
import { BULK_MAX, listQuerySchema } from '@domain/resource/list-query';
import { hasPermission } from '@domain/permissions';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import { finishBulkRun, startBulkRun, type BulkItemRow } from '@server/bulk-runs/bulk-run-store';
import type { Database } from '@server/db/database';
import { forbiddenProblem, HttpProblem, validationProblem } from '@server/http/problem';
import { labelsById, listWhere, scopeConditions, tableOf } from './resource-query';
import { visibility } from './visibility';

/** The target keys of a bulk body: `ids` (1 to BULK_MAX) or `match` (a list query: its q, filters and scope). */
export const bulkTargetShape = {
  ids: z.array(z.union([z.string().max(64), z.number().int()])).min(1, 'Select at least one record').max(BULK_MAX, `At most ${BULK_MAX.toLocaleString('en-IN')} records at once`).optional(),
  match: z.record(z.string().max(64), z.union([z.string().max(500), z.array(z.string().max(500)).max(50)])).optional(),
};

/** The rule every bulk body keeps: exactly one of `ids` and `match`. */
export const oneTarget = {
  check: (b: { ids?: unknown; match?: unknown }) => (b.ids === undefined) !== (b.match === undefined),
  message: { message: 'Send either the ids or the list query to match, not both', path: ['ids'] },
};

/** The answer of every bulk route; `runId` names the kept run (its results page). */
export const bulkResultSchema = z.object({ changed: z.number(), unchanged: z.number(), refused: z.array(z.object({ id: z.string(), reason: z.string() })), runId: z.number() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/**
 * The ids a bulk request acts on: the ids sent (deduplicated, in order), or the records of `resource` that the list
 * query matches and the session may see (400 naming `match` when more than BULK_MAX match, or the query is bad).
 */
export async function bulkIds(db: Database, resource: Resource, session: AuthenticatedSession, now: Date, target: { ids?: readonly (string | number)[]; match?: Record<string, string | string[]> }): Promise<string[]> {
  if (target.ids) return [...new Set(target.ids.map(String))];
  const parsed = listQuerySchema(resource).safeParse({ ...target.match, page: '0', size: '20' });
  if (!parsed.success) throw validationProblem(parsed.error.issues.map((i) => ({ path: ['match', ...i.path].join('.'), message: i.message })));
  const permission = viewPermission(resource, parsed.data.scope);
  if (permission !== null && !hasPermission(session.permissions, permission)) throw forbiddenProblem(`You do not have the permission this needs (${permission}).`);
  const table = tableOf(resource);
  const scope = parsed.data.scope ? resource.scopes![parsed.data.scope]! : undefined;
  const extra = [...(visibility(resource, session, now) ?? [sql`false`]), ...(scope ? scopeConditions(resource, table, scope.where, session.userId, now) : [])];
  const { where } = listWhere(resource, table, parsed.data, extra);
  const idColumn = table[resource.idField] as AnyPgColumn;
  const found = await db.select({ id: idColumn }).from(table).where(where).orderBy(idColumn).limit(BULK_MAX + 1);
  if (found.length > BULK_MAX) throw validationProblem([{ path: 'match', message: `More than ${BULK_MAX.toLocaleString('en-IN')} ${resource.plural.toLowerCase()} match. Narrow the filters and try again.` }]);
  return found.map((r) => String(r.id));
}

/** Why one record was refused, in words: the problem's detail, and its field messages when it has them. */
export function refusalOf(problem: HttpProblem): string {
  const errors = (problem.problem as { errors?: { path: string; message: string }[] }).errors ?? [];
  if (problem.problem.status === 400 && errors.length > 0) return errors.map((e) => e.message).join('; ');
  return problem.problem.detail ?? problem.problem.title;
}

/** What a bulk run is kept as: who ran it, on which resource's records, and the action in words ("Start Work"). */
export interface BulkRunOf {
  db: Database;
  session: AuthenticatedSession;
  now: () => Date;
  resource: Resource;
  action: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids that can be a record of the resource (a sent id of another shape is refused by its record's route). */
function wellFormedIds(resource: Resource, ids: readonly string[]): string[] {
  if (resource.idType === 'bigint') return ids.filter((id) => /^\d{1,18}$/.test(id));
  if (resource.idType === 'uuid') return ids.filter((id) => uuidPattern.test(id));
  return [...ids];
}

/**
 * Runs `one` on each id in turn (each in its own transaction, as its single route would) and counts: `true` changed,
 * `false` already so; an HttpProblem refuses that record with its words (`hide` may reword it); anything else throws.
 * The run is kept: its row (who, which resource, the action) before the first record, then every record's label as
 * it was, its result and reason in one statement with the counts, also when an unexpected failure stops it.
 */
export async function runBulk(run: BulkRunOf, ids: readonly string[], one: (id: string) => Promise<boolean>, hide?: (id: string, problem: HttpProblem) => string | undefined): Promise<BulkResult> {
  // Labels of the records the session may see only: a refused id it cannot see keeps no label of its record.
  const seen = visibility(run.resource, run.session, run.now());
  const labels = seen ? await labelsById(run.db, run.resource, wellFormedIds(run.resource, ids), seen) : new Map<string, string>();
  const runId = await startBulkRun(run.db, { userId: run.session.userId, resource: run.resource.name, action: run.action, total: ids.length, now: run.now() });
  const result: BulkResult = { changed: 0, unchanged: 0, refused: [], runId };
  const items: BulkItemRow[] = [];
  let finished = false;
  try {
    for (const id of ids) {
      const label = labels.get(id) ?? null;
      try {
        if (await one(id)) {
          result.changed += 1;
          items.push({ recordId: id, label, result: 'changed', reason: null });
        } else {
          result.unchanged += 1;
          items.push({ recordId: id, label, result: 'unchanged', reason: null });
        }
      } catch (error) {
        if (!(error instanceof HttpProblem)) throw error;
        const reason = hide?.(id, error) ?? refusalOf(error);
        result.refused.push({ id, reason });
        items.push({ recordId: id, label, result: 'refused', reason });
      }
    }
    finished = true;
  } finally {
    await finishBulkRun(run.db, runId, items, run.now(), finished);
  }
  return result;
}
