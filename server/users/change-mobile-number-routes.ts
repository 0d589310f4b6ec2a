// Changing a user's sign-in number: its own action (the number is the sign-in identity, never written by the
// generic update). The new number is confirmed by a code sent to it; the change revokes every session of the user
// and writes an audit row. Staff accounts additionally need the staff screens' update permission and every
// permission the staff user holds (who may change whom).
import { and, eq, ne } from 'drizzle-orm';
import { CHANGE_NUMBER_PERMISSION, changeNumberPaths, changeNumberConfirmSchema as confirmSchema, changeNumberStartSchema as requestSchema } from '@domain/change-number';
import { userResource } from '@domain/resources/users/user';
import { hasPermission, type Permission } from '@domain/permissions';
import { maskMobile } from '@domain/phone';
import { problemSchema } from '@domain/problem';
import type { ResolvedDeps } from '@server/app-deps';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import { checkNumberChangeCode, sendNumberChangeCode } from '@server/auth/otp-service';
import { assertMayChangeUser, isStaffAccount, revokeSessionsOf } from '@server/auth/who-may-change-whom';
import { writeAudit } from '@server/audit/write-audit';
import { users } from '@server/db/schema';
import { isNumberBlocked } from '@server/auth/blocked-numbers';
import { forbiddenProblem, HttpProblem, problemTypes, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord } from '@server/resources/resource-query';
import { loadVisibleRecord } from '@server/resources/visible-record';

/** What changing a staff member's number needs besides: the staff screens' update permission. */
export const CHANGE_STAFF_NUMBER_PERMISSION: Permission = 'ROLE_UPDATE_CZO_USER';

/** The user whose number changes, once the caller may change it; 400/409 when the new number cannot be theirs. */
async function changeableUser(deps: ResolvedDeps, session: AuthenticatedSession, rawId: string, newNumber: string): Promise<Record<string, unknown>> {
  const user = await loadVisibleRecord(deps.db, userResource, session, rawId, deps.now());
  const userId = String(user.id);
  if (await isStaffAccount(deps.db, userId)) {
    if (!hasPermission(session.permissions, CHANGE_STAFF_NUMBER_PERMISSION)) {
      throw forbiddenProblem(`This is a staff account: changing its sign-in number also needs ${CHANGE_STAFF_NUMBER_PERMISSION}.`);
    }
    await assertMayChangeUser(deps.db, session, userId);
  }
  if (user.mobileNumber === newNumber) throw validationProblem([{ path: 'mobileNumber', message: 'This is already the user’s sign-in number' }]);
  if (await isNumberBlocked(deps.db, newNumber)) {
    throw new HttpProblem({
      type: problemTypes.validation,
      status: 409,
      title: 'Conflict',
      detail: 'This number is blocked from signing in: unblock it first (User Management → Unblock User).',
      errors: [{ path: 'mobileNumber', message: 'Blocked from signing in: unblock it first' }],
    });
  }
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(and(eq(users.mobileNumber, newNumber), ne(users.id, userId))).limit(1);
  if (taken) {
    throw new HttpProblem({
      type: problemTypes.validation,
      status: 409,
      title: 'Conflict',
      detail: 'This number is already the sign-in number of another user.',
      errors: [{ path: 'mobileNumber', message: 'Already the sign-in number of another user' }],
    });
  }
  return user;
}

/** Registers the two steps of a sign-in number change under the users resource. */
export function registerChangeMobileNumberRoutes(registry: RouteRegistry): void {
  const one = changeNumberPaths.start(`${userResource.apiPath}/:id`);
  const problems = { 400: { description: 'Invalid input', schema: problemSchema }, 403: { description: 'Not allowed for this user', schema: problemSchema }, 409: { description: 'The number is taken', schema: problemSchema } };

  registry.route({
    method: 'POST',
    path: one,
    access: { kind: 'permission', permission: CHANGE_NUMBER_PERMISSION },
    body: requestSchema,
    summary: `Start changing a user's sign-in number: a code is sent to the new number (send limits as for sign-in). Staff accounts also need ${CHANGE_STAFF_NUMBER_PERMISSION} and every permission the staff user holds.`,
    responses: { 202: { description: 'A code was sent to the new number' }, ...problems },
    handler: async ({ c, body, session, deps, clientAddress }) => {
      const user = await changeableUser(deps, session, c.req.param('id')!, body.mobileNumber);
      const sent = await sendNumberChangeCode(deps, String(user.id), body.mobileNumber, clientAddress);
      return c.json({ message: `A code was sent to ${maskMobile(body.mobileNumber)}. Enter it to confirm the new number.`, ...sent }, 202);
    },
  });

  registry.route({
    method: 'POST',
    path: changeNumberPaths.confirm(`${userResource.apiPath}/:id`),
    access: { kind: 'permission', permission: CHANGE_NUMBER_PERMISSION },
    body: confirmSchema,
    summary: 'Confirm a sign-in number change with the code sent to the new number: the number changes, every session of the user is revoked, and the audit row records it (numbers masked).',
    responses: { 200: { description: 'The user with the new number' }, ...problems },
    handler: async ({ c, body, session, deps }) => {
      const user = await changeableUser(deps, session, c.req.param('id')!, body.mobileNumber);
      const userId = String(user.id);
      const now = deps.now();
      const outcome = await deps.db.transaction(async (tx) => {
        const checked = await checkNumberChangeCode(tx, deps, userId, body.mobileNumber, body.otp);
        // A refusal is answered after this transaction commits, so the attempt it counted stays counted.
        if (!checked.ok) return checked;
        await tx.update(users).set({ mobileNumber: body.mobileNumber, updatedAt: now }).where(eq(users.id, userId));
        const revoked = await revokeSessionsOf(tx, userId, now);
        await writeAudit(
          tx,
          {
            entityType: userResource.name,
            entityId: userId,
            actorUserId: session.userId,
            action: 'change-mobile-number',
            changes: { mobileNumber: { from: maskMobile(String(user.mobileNumber)), to: maskMobile(body.mobileNumber) }, sessionsRevoked: revoked },
          },
          now,
        );
        return { ok: true as const, revoked };
      });
      // 400 on the code field, not 401: the caller's own session is fine.
      if (!outcome.ok) throw new HttpProblem({ type: outcome.type, status: 400, title: 'Bad Request', detail: outcome.detail, errors: [{ path: 'otp', message: outcome.detail }] });
      return c.json({ user: await findRecord(deps.db, userResource, userId), sessionsRevoked: outcome.revoked }, 200);
    },
  });
}
