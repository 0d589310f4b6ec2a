import { and, eq, sql } from 'drizzle-orm';
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
  return (row?.permissions ?? '').split(',').filter(isPermission).sort();
}
