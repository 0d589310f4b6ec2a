// The actions of the blocked numbers (Unblock User, auth-service `blocked-numbers`): staff block a number with a
// reason, and unblock a blocked one with a reason. The list and records are the resource engine's routes; what a
// block does to sign-in, and the sign-in rule that blocks numbers by itself, are in server/auth/blocked-numbers.ts.
import { and, eq } from 'drizzle-orm';
import { blockedNumberResource } from '@domain/resources/users/blocked-number';
import { problemSchema } from '@domain/problem';
import { blockNumber } from '@server/auth/blocked-numbers';
import { assertMayChangeStaffMember, revokeSessionsOf } from '@server/auth/who-may-change-whom';
import { writeAudit } from '@server/audit/write-audit';
import { users } from '@server/db/schema';
import { blockedNumbers } from '@server/db/tables/users';
import { conflictProblem, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord } from '@server/resources/resource-query';
import { registerResourceAction } from '@server/resources/resource-actions';

const conflict = (detail: string, message: string) => conflictProblem(detail, [{ path: 'mobileNumber', message }]);

/** Registers Block number and Unblock of the blocked numbers. */
export function registerBlockedNumberRoutes(registry: RouteRegistry): void {
  const resource = blockedNumberResource;
  const recordAnswer = { description: 'The blocked number as the list shows it', schema: resource.recordSchema };

  registerResourceAction(registry, resource, 'block', {
    summary:
      'Block a mobile number from signing in, with a reason: sign-in refuses it (403) until someone unblocks it, and the sessions of the user with that number end. A staff member’s number is blocked only by a caller holding every permission they hold.',
    responses: { 201: recordAnswer, 409: { description: 'The number is already blocked', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const mobileNumber = String(body.mobileNumber);
      const reason = String(body.reason);
      const [owner] = await deps.db.select({ id: users.id }).from(users).where(eq(users.mobileNumber, mobileNumber)).limit(1);
      if (owner?.id === session.userId) throw validationProblem([{ path: 'mobileNumber', message: 'You cannot block your own sign-in number' }]);
      if (owner) await assertMayChangeStaffMember(deps.db, session, owner.id, 'the number of this staff member');
      const now = deps.now();
      const id = await deps.db.transaction(async (tx) => {
        const blocked = await blockNumber(tx, { mobileNumber, source: 'STAFF', reason, actorUserId: session.userId }, now);
        if (blocked !== undefined && owner) await revokeSessionsOf(tx, owner.id, now);
        return blocked;
      });
      if (id === undefined) throw conflict('This number is already blocked.', 'Already blocked');
      return c.json(await findRecord(deps.db, resource, String(id)), 201);
    },
  });

  registerResourceAction(registry, resource, 'unblock', {
    summary: 'Unblock a blocked mobile number, with a reason: it can sign in again straight away (its send limit starts afresh).',
    responses: { 200: recordAnswer, 409: { description: 'The number is not blocked', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const mobileNumber = String(body.mobileNumber);
      const reason = String(body.reason);
      const now = deps.now();
      const id = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(blockedNumbers)
          .set({ blocked: false, unblockedAt: now, unblockedByUserId: session.userId, unblockReason: reason, updatedAt: now })
          .where(and(eq(blockedNumbers.mobileNumber, mobileNumber), eq(blockedNumbers.blocked, true)))
          .returning({ id: blockedNumbers.id });
        if (!row) return undefined;
        await writeAudit(
          tx,
          { entityType: resource.name, entityId: String(row.id), actorUserId: session.userId, action: 'unblock', reason, changes: { blocked: { from: true, to: false } } },
          now,
        );
        return Number(row.id);
      });
      if (id === undefined) throw conflict('This number is not blocked.', 'Not blocked');
      return c.json(await findRecord(deps.db, resource, String(id)), 200);
    },
  });
}
