// Actions of roles and staff beyond the generic create, update and activate (auth-service `role/permission` and
// `user-role/role`): edit a role's permissions, answered with what was added and removed, and assign one role to
// many staff in one request, answered per user. Both keep the who-may-change-whom rules, write an audit row per
// change in the change's transaction, and take effect on the staff member's next request: the roles and
// user_roles triggers (migration 0007) announce the change, which clears every process's session cache and makes
// each open live stream of an affected user send `session` (server/live/events-route.ts) so the console re-reads
// the session and its menu.
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { roleResource } from '@domain/resources/access/role';
import { userRoleResource } from '@domain/resources/access/user-role';
import { actionOf } from '@domain/resource/define-resource';
import { permissionChanges } from '@domain/permission-labels';
import { nameDotNumber } from '@domain/phone';
import { problemSchema } from '@domain/problem';
import { assertMayChange, assertMayChangeUser } from '@server/auth/who-may-change-whom';
import { writeAudit } from '@server/audit/write-audit';
import { czoUsers, roles, userRoles, users } from '@server/db/schema';
import { HttpProblem, notFoundProblem, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord } from '@server/resources/resource-query';
import { registerResourceAction } from '@server/resources/resource-actions';

/** Path of the bulk assignment (auth-service `user-role/role`). */
export const BULK_ASSIGN_PATH = actionOf(userRoleResource, 'bulk-assign').apiPath;

/** What happened to one user of a bulk assignment. */
export const bulkAssignResultSchema = z.object({
  userId: z.string(),
  status: z.enum(['assigned', 'unchanged', 'refused']),
  /** Why it was refused (refused only). */
  reason: z.string().optional(),
  /** The user as people read it: name and mobile number. */
  label: z.string().optional(),
  /** The mapping's id (assigned, unchanged). */
  mappingId: z.number().optional(),
});

const bulkAssignAnswerSchema = z.object({
  roleId: z.string(),
  assigned: z.number(),
  unchanged: z.number(),
  refused: z.number(),
  results: z.array(bulkAssignResultSchema),
});

const editAnswerSchema = z.object({ role: roleResource.recordSchema, added: z.array(z.string()), removed: z.array(z.string()) });

/** Registers Edit permissions of a role and the bulk role assignment. */
export function registerRoleRoutes(registry: RouteRegistry): void {
  registerResourceAction(registry, roleResource, 'permission', {
    summary:
      'Set a role’s permissions (the whole new set); the answer says what was added and removed. Refused when the caller lacks a permission the role has or gets, or one its holders hold. Holders see the change on their next request.',
    responses: {
      200: { description: 'The role, and the permissions added and removed', schema: editAnswerSchema },
      404: { description: 'No such role', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const id = String(body.id);
      const wanted = [...new Set(body.permissions as string[])].sort();
      const now = deps.now();
      const changed = await deps.db.transaction(async (tx) => {
        // Locked, so two editors in a row each see the other's result and audit what they really changed.
        const [before] = await tx.select({ id: roles.id, permissions: roles.permissions }).from(roles).where(eq(roles.id, id)).for('update');
        if (!before) throw notFoundProblem('There is no role with this id.');
        const { added, removed } = permissionChanges(before.permissions, wanted);
        if (added.length === 0 && removed.length === 0) throw validationProblem([{ path: 'permissions', message: 'Nothing to change: add or remove a permission' }]);
        await assertMayChange(tx, session, roleResource.name, 'update', before, { permissions: wanted });
        await tx.update(roles).set({ permissions: wanted, updatedAt: now }).where(eq(roles.id, id));
        await writeAudit(
          tx,
          { entityType: roleResource.name, entityId: id, actorUserId: session.userId, action: 'edit-permissions', changes: { permissions: { from: [...before.permissions].sort(), to: wanted } } },
          now,
        );
        return { added, removed };
      });
      deps.authCache.clear();
      return c.json({ role: await findRecord(deps.db, roleResource, id), ...changed }, 200);
    },
  });

  registerResourceAction(registry, userRoleResource, 'bulk-assign', {
    summary:
      'Assign one role to many staff users in one request. Each user is checked on their own: assigned, unchanged (they hold it already) or refused with the reason (not a staff user, or holding a permission the caller lacks). The whole request is refused (403) when the caller lacks a permission of the role.',
    responses: {
      200: { description: 'What happened to each user', schema: bulkAssignAnswerSchema },
      404: { description: 'No such role', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const roleId = String(body.roleId);
      const userIds = body.userIds as string[];
      const [role] = await deps.db.select({ id: roles.id, name: roles.name, permissions: roles.permissions, isActive: roles.isActive }).from(roles).where(eq(roles.id, roleId)).limit(1);
      if (!role) throw new HttpProblem({ type: '/problems/not-found', status: 404, title: 'Not Found', detail: 'There is no role with this id.', errors: [{ path: 'roleId', message: 'No such role' }] });
      // The role's permissions are handed to everyone: lacking one refuses the whole request (the same rule as one mapping).
      await assertMayChange(deps.db, session, userRoleResource.name, 'create', undefined, { roleId });
      const staff = await deps.db
        .select({ userId: users.id, name: users.name, mobileNumber: users.mobileNumber, staffActive: czoUsers.isActive })
        .from(users)
        .leftJoin(czoUsers, eq(czoUsers.userId, users.id))
        .where(inArray(users.id, userIds));
      const staffOf = new Map(staff.map((s) => [s.userId, s.staffActive]));
      const labelOf = new Map(staff.map((s) => [s.userId, nameDotNumber(s.name, s.mobileNumber)]));
      const now = deps.now();
      const results: z.infer<typeof bulkAssignResultSchema>[] = [];
      await deps.db.transaction(async (tx) => {
        for (const userId of userIds) {
          if (!staffOf.has(userId)) {
            results.push({ userId, status: 'refused', reason: 'No such user.' });
            continue;
          }
          if (staffOf.get(userId) === null) {
            results.push({ userId, status: 'refused', reason: 'Not a staff user: add them under CZO Access first.' });
            continue;
          }
          try {
            await assertMayChangeUser(tx, session, userId, 'this staff user');
          } catch (error) {
            if (!(error instanceof HttpProblem)) throw error;
            results.push({ userId, status: 'refused', reason: error.problem.detail ?? 'You cannot change this staff user.' });
            continue;
          }
          const [existing] = await tx.select({ id: userRoles.id, isActive: userRoles.isActive }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId))).limit(1);
          if (existing?.isActive) {
            results.push({ userId, status: 'unchanged', mappingId: Number(existing.id) });
            continue;
          }
          let mappingId: number;
          if (existing) {
            await tx.update(userRoles).set({ isActive: true, updatedAt: now }).where(eq(userRoles.id, existing.id));
            mappingId = Number(existing.id);
          } else {
            const [row] = await tx.insert(userRoles).values({ userId, roleId, isActive: true, createdAt: now, updatedAt: now }).returning({ id: userRoles.id });
            mappingId = Number(row!.id);
          }
          await writeAudit(
            tx,
            { entityType: userRoleResource.name, entityId: String(mappingId), actorUserId: session.userId, action: 'bulk-assign', changes: { isActive: { from: existing ? false : null, to: true } } },
            now,
          );
          results.push({ userId, status: 'assigned', mappingId });
        }
      });
      deps.authCache.clear();
      const count = (status: string) => results.filter((r) => r.status === status).length;
      const labelled = results.map((r) => (labelOf.has(r.userId) ? { ...r, label: labelOf.get(r.userId) } : r));
      return c.json({ roleId, assigned: count('assigned'), unchanged: count('unchanged'), refused: count('refused'), results: labelled }, 200);
    },
  });
}
