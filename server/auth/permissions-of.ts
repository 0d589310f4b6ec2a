import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isPermission, type Permission } from '@domain/permissions';
import type { Database } from '@server/db/database';
import { roles, userRoles } from '@server/db/schema';

/**
 * The union of the permissions of the user's active roles held through active mappings, sorted; an inactive
 * role or mapping grants nothing. Strings outside the catalogue are dropped.
 */
export async function permissionsOf(db: Database, userId: string): Promise<Permission[]> {
  // One text value, not a row per permission: on PGlite each returned row costs more than the query itself.
  const [row] = await db
    .select({ permissions: sql<string | null>`string_agg(distinct p, ',')` })
    .from(sql`${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.isActive}, unnest(${roles.permissions}) as p`)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.isActive, true)));
  return permissionsFromText(row?.permissions ?? null);
}

/** permissionsOf as a scalar subquery on a user id column (comma-separated text, null for none), to read with a row. */
export function permissionsTextOf(userId: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select string_agg(distinct p, ',') from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.isActive}, unnest(${roles.permissions}) as p where ${userRoles.userId} = ${userId} and ${userRoles.isActive} = true)`;
}

/** Texts read recently and their permissions (most users share a handful of role sets); cleared past the limit. */
const fromTextKept = new Map<string, readonly Permission[]>();
const FROM_TEXT_KEPT = 200;

/** The permissions of permissionsTextOf's text, as permissionsOf answers them (a new array each call). */
export function permissionsFromText(text: string | null): Permission[] {
  const key = text ?? '';
  let kept = fromTextKept.get(key);
  if (!kept) {
    kept = key.split(',').filter(isPermission).sort();
    if (fromTextKept.size >= FROM_TEXT_KEPT) fromTextKept.clear();
    fromTextKept.set(key, kept);
  }
  return [...kept];
}
