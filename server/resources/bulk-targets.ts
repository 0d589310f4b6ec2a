// What every bulk route shares: the records it acts on (the ids sent, or every record a list query matches, at
// most BULK_MAX) and its answer (changed, unchanged, and each refused record with why). Each record then goes
// through its single route's own function; a refusal of one record is its HttpProblem's words, never a 500.
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { viewPermission, type Resource } from '@domain/resource/define-resource';
import { BULK_MAX, listQuerySchema } from '@domain/resource/list-query';
import { hasPermission } from '@domain/permissions';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { Database } from '@server/db/database';
import { forbiddenProblem, HttpProblem, validationProblem } from '@server/http/problem';
import { listWhere, scopeConditions, tableOf } from './resource-query';
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

/** The answer of every bulk route. */
export const bulkResultSchema = z.object({ changed: z.number(), unchanged: z.number(), refused: z.array(z.object({ id: z.string(), reason: z.string() })) });
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

/**
 * Runs `one` on each id in turn (each in its own transaction, as its single route would) and counts: `true` changed,
 * `false` already so; an HttpProblem refuses that record with its words (`hide` may reword it); anything else throws.
 */
export async function runBulk(ids: readonly string[], one: (id: string) => Promise<boolean>, hide?: (id: string, problem: HttpProblem) => string | undefined): Promise<BulkResult> {
  const result: BulkResult = { changed: 0, unchanged: 0, refused: [] };
  for (const id of ids) {
    try {
      if (await one(id)) result.changed += 1;
      else result.unchanged += 1;
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      result.refused.push({ id, reason: hide?.(id, error) ?? refusalOf(error) });
    }
  }
  return result;
}
