// Which records of a resource a session may see: its view permission opens them all, else its permitted scopes.
import { and, sql, type SQL } from 'drizzle-orm';
import type { Resource } from '@domain/resource/define-resource';
import { hasPermission } from '@domain/permissions';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import { scopeConditions, tableOf } from './resource-query';

/**
 * The extra conditions under which the session may see records of the resource, or null when it may see none.
 * An empty list means all records (the user holds a permission that opens the whole resource).
 */
export function visibility(resource: Resource, session: AuthenticatedSession, now: Date): SQL[] | null {
  const table = tableOf(resource);
  const base = resource.permissions.view;
  if (base === null || hasPermission(session.permissions, base)) return [];
  const scoped = Object.values(resource.scopes ?? {}).filter((s) => s.permission !== undefined && (s.permission === null || hasPermission(session.permissions, s.permission)));
  if (scoped.length === 0) return null;
  const alternatives = scoped.map((s) => and(...scopeConditions(resource, table, s.where, session.userId, now)) ?? sql`true`);
  return [sql`(${sql.join(alternatives, sql` or `)})`];
}
