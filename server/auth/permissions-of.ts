import { and, eq, sql } from 'drizzle-orm';
import { isPermission, type Permission } from '@domain/permissions';
import type { Database } from '@server/db/database';
import { roles, userRoles } from '@server/db/schema';

/**
 * The union of the permissions of the user's active roles held through active mappings, sorted; an inactive
 * role or mapping grants nothing. Strings outside the catalogue are dropped.
 */
export async function permissionsOf(db: Database, userId: string): Promise<Permission[]> {
  const permission = sql<string>`unnest(${roles.permissions})`;
  const rows = await db
    .select({ permission })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.isActive, true)))
    .where(and(eq(userRoles.userId, userId), eq(userRoles.isActive, true)));
  return [...new Set(rows.map((r) => r.permission))].filter(isPermission).sort();
}
