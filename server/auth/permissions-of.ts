import { and, asc, eq } from 'drizzle-orm';
import { isPermission, type Permission } from '@domain/permissions';
import type { Database } from '@server/db/database';
import { rolePermissions, roles, userRoles } from '@server/db/schema';

/** The union of the permissions of the user's active roles, sorted; strings outside the catalogue are dropped. */
export async function permissionsOf(db: Database, userId: string): Promise<Permission[]> {
  const rows = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.isActive, true)))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(rolePermissions.permission));
  return rows.map((r) => r.permission).filter(isPermission);
}
