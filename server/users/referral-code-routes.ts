// A user's referral code (the user service's `referral` routes): New referral code gives the user
// a fresh code (replacing any old one), Disable referral code takes it away. Both lock the user's row, write the
// change and an audit row (old and new code, the reason) in one transaction, and follow who may change whom. The
// code is owned by these actions: the generic user edit refuses it. Applied referrals keep the code they used.
import { randomInt } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { referralCodeFor, userResource } from '@domain/resources/users/user';
import { problemSchema } from '@domain/problem';
import { assertMayChangeStaffMember } from '@server/auth/who-may-change-whom';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { users } from '@server/db/schema';
import { conflictProblem, notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord } from '@server/resources/resource-query';
import { registerResourceAction } from '@server/resources/resource-actions';
import { loadVisibleRecord } from '@server/resources/visible-record';

/** The user's row, locked until the transaction ends. */
async function lockUser(tx: Database, id: string): Promise<{ name: string | null; referralCode: string | null }> {
  const [row] = await tx.select({ name: users.name, referralCode: users.referralCode }).from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFoundProblem('There is no user with this id.');
  return row;
}

/** A code no other user has (the unique index on users.referral_code backs it against a race). */
async function freshCode(tx: Database, id: string, name: string | null, old: string | null): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const code = referralCodeFor(name, randomInt(1_000_000));
    if (code === old) continue;
    const taken = await tx.select({ id: users.id }).from(users).where(and(eq(users.referralCode, code), ne(users.id, id))).limit(1);
    if (taken.length === 0) return code;
  }
  throw conflictProblem('No free referral code was found just now. Try again.');
}

/** Registers New referral code and Disable referral code of a user. */
export function registerReferralCodeRoutes(registry: RouteRegistry): void {
  const responses = { 200: { description: 'The user', schema: userResource.recordSchema }, 404: { description: 'No such user', schema: problemSchema } };
  registerResourceAction(registry, userResource, 'referral-code', {
    summary: 'Give a user a new referral code (letters of their first name and 6 random digits), replacing any old one, with a reason. A staff member’s only by a caller holding every permission they hold. Writes an audit row with the old and new code.',
    responses: { ...responses, 409: { description: 'No free code was found (retry)', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const now = deps.now();
      const id = String((await loadVisibleRecord(deps.db, userResource, session, String(body.id), now)).id);
      await assertMayChangeStaffMember(deps.db, session, id, 'the referral code of this staff member');
      await deps.db.transaction(async (tx) => {
        const before = await lockUser(tx, id);
        const code = await freshCode(tx, id, before.name, before.referralCode);
        await tx.update(users).set({ referralCode: code, updatedAt: now }).where(eq(users.id, id));
        await writeAudit(tx, { entityType: userResource.name, entityId: id, actorUserId: session.userId, action: 'referral-code', reason: String(body.reason), changes: { referralCode: { from: before.referralCode, to: code } } }, now);
      });
      return c.json(await findRecord(deps.db, userResource, id), 200);
    },
  });

  registerResourceAction(registry, userResource, 'disable-referral-code', {
    summary: 'Disable a user’s referral code, with a reason: nobody can sign up with it any more (409 when the user has none). A staff member’s only by a caller holding every permission they hold. Writes an audit row with the old code.',
    responses: { ...responses, 409: { description: 'The user has no referral code', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const now = deps.now();
      const id = String((await loadVisibleRecord(deps.db, userResource, session, String(body.id), now)).id);
      await assertMayChangeStaffMember(deps.db, session, id, 'the referral code of this staff member');
      await deps.db.transaction(async (tx) => {
        const before = await lockUser(tx, id);
        if (before.referralCode === null) throw conflictProblem('This user has no referral code.', [{ path: 'id', message: 'No referral code to disable' }]);
        await tx.update(users).set({ referralCode: null, updatedAt: now }).where(eq(users.id, id));
        await writeAudit(tx, { entityType: userResource.name, entityId: id, actorUserId: session.userId, action: 'disable-referral-code', reason: String(body.reason), changes: { referralCode: { from: before.referralCode, to: null } } }, now);
      });
      return c.json(await findRecord(deps.db, userResource, id), 200);
    },
  });
}
