// Change name (user-service `user/name`): the one way a user's name changes (the generic user update refuses it).
// A staff member's name is changed only by a caller holding every permission they hold (who may change whom); the
// new name and an audit row with the old and new name are written in one transaction, the row locked so two
// renames at once each audit what they really changed.
import { eq } from 'drizzle-orm';
import { userResource } from '@domain/resources/users/user';
import { problemSchema } from '@domain/problem';
import { assertMayChangeStaffMember } from '@server/auth/who-may-change-whom';
import { writeAudit } from '@server/audit/write-audit';
import { users } from '@server/db/schema';
import { notFoundProblem, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord } from '@server/resources/resource-query';
import { registerResourceAction } from '@server/resources/resource-actions';
import { loadVisibleRecord } from '@server/resources/visible-record';

/** Registers Change name of a user. */
export function registerUserNameRoutes(registry: RouteRegistry): void {
  registerResourceAction(registry, userResource, 'name', {
    summary:
      'Change a user’s name (trimmed, 2 to 80 letters of any script, spaces, dots, apostrophes, hyphens). A staff member’s name only by a caller holding every permission they hold. Writes an audit row with the old and new name.',
    responses: {
      200: { description: 'The user', schema: userResource.recordSchema },
      404: { description: 'No such user', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const now = deps.now();
      const user = await loadVisibleRecord(deps.db, userResource, session, String(body.id), now);
      const id = String(user.id);
      const name = String(body.name);
      await assertMayChangeStaffMember(deps.db, session, id, 'the name of this staff member');
      await deps.db.transaction(async (tx) => {
        const [before] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id)).for('update');
        if (!before) throw notFoundProblem('There is no user with this id.');
        if (before.name === name) throw validationProblem([{ path: 'name', message: 'This is already the user’s name' }]);
        await tx.update(users).set({ name, updatedAt: now }).where(eq(users.id, id));
        await writeAudit(tx, { entityType: userResource.name, entityId: id, actorUserId: session.userId, action: 'change-name', changes: { name: { from: before.name, to: name } } }, now);
      });
      return c.json(await findRecord(deps.db, userResource, id), 200);
    },
  });
}
