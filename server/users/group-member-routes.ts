// The membership actions of user groups (user-service `group`): Add member, Remove member and Make group admin.
// Each locks the group's row first, so two changes of one group run one after the other (and the checks below see
// what the other wrote); the unique index on (group, user) of migration 0014 decides between two adds at once. The
// member rows, the group's member count and admin, and an audit row are written in one transaction. Removing the
// admin leaves the group without one (rather than refusing): a group may have no admin, as a new group does.
import { and, eq, sql } from 'drizzle-orm';
import { groupResource } from '@domain/resources/groups/group';
import { nameWithNumber } from '@domain/phone';
import { problemSchema } from '@domain/problem';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import { assertMayChangeStaffMember } from '@server/auth/who-may-change-whom';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { users } from '@server/db/schema';
import { userGroupMembers, userGroups } from '@server/db/tables/users';
import { conflictProblem, notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord } from '@server/resources/resource-query';
import { registerResourceAction } from '@server/resources/resource-actions';

type Tx = Database;

const conflict = (detail: string, message: string) => conflictProblem(detail, [{ path: 'userId', message }]);
const nameOf = nameWithNumber;

/** The user named by the body (404 when there is none); a staff member only for a caller holding all they hold. */
async function userOf(db: Database, session: AuthenticatedSession, userId: string): Promise<{ name: string | null; mobileNumber: string }> {
  const [user] = await db.select({ name: users.name, mobileNumber: users.mobileNumber }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFoundProblem('No user has this id.');
  await assertMayChangeStaffMember(db, session, userId, 'the group memberships of this staff member');
  return user;
}

/** The group's row, locked until the transaction ends (404 when there is none). */
async function lockGroup(tx: Tx, groupId: number): Promise<{ name: string; adminUserId: string | null; memberCount: number }> {
  const [group] = await tx
    .select({ name: userGroups.name, adminUserId: userGroups.adminUserId, memberCount: userGroups.memberCount })
    .from(userGroups)
    .where(eq(userGroups.id, groupId))
    .for('update');
  if (!group) throw notFoundProblem('No group has this id.');
  return { name: String(group.name), adminUserId: group.adminUserId === null ? null : String(group.adminUserId), memberCount: Number(group.memberCount) };
}

/** Sets the group's member count to its member rows and answers it. */
async function recount(tx: Tx, groupId: number, now: Date): Promise<number> {
  const [row] = await tx
    .update(userGroups)
    .set({ memberCount: sql`(select count(*)::int from ${userGroupMembers} where ${userGroupMembers.groupId} = ${groupId})`, updatedAt: now })
    .where(eq(userGroups.id, groupId))
    .returning({ memberCount: userGroups.memberCount });
  return Number(row!.memberCount);
}

async function isMember(tx: Tx, groupId: number, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: userGroupMembers.id })
    .from(userGroupMembers)
    .where(and(eq(userGroupMembers.groupId, groupId), eq(userGroupMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Registers Add member, Remove member and Make group admin. */
export function registerGroupMemberRoutes(registry: RouteRegistry): void {
  const resource = groupResource;
  const groupAnswer = { description: 'The group, with its member count and admin', schema: resource.recordSchema };
  const notFound = { description: 'No group or no user has this id', schema: problemSchema };

  registerResourceAction(registry, resource, 'add-member', {
    summary:
      'Add a user to a group: one membership per user and group. Updates the member count and writes an audit row in one transaction. A staff member is added only by a caller holding every permission they hold.',
    responses: { 200: groupAnswer, 404: notFound, 409: { description: 'The user is a member already', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const groupId = Number(body.id);
      const userId = String(body.userId);
      const user = await userOf(deps.db, session, userId);
      const now = deps.now();
      await deps.db.transaction(async (tx) => {
        const group = await lockGroup(tx, groupId);
        // The unique index on (group, user): a member already there inserts nothing.
        const [row] = await tx
          .insert(userGroupMembers)
          .values({ groupId, userId, addedAt: now, addedById: session.userId, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning({ id: userGroupMembers.id });
        if (!row) throw conflict(`${nameOf(user)} is already a member of ${group.name}.`, 'Already a member');
        const memberCount = await recount(tx, groupId, now);
        await writeAudit(
          tx,
          { entityType: resource.name, entityId: String(groupId), actorUserId: session.userId, action: 'add-member', changes: { members: { from: null, to: userId }, memberCount: { from: group.memberCount, to: memberCount } } },
          now,
        );
      });
      return c.json(await findRecord(deps.db, resource, String(groupId)), 200);
    },
  });

  registerResourceAction(registry, resource, 'remove-member', {
    summary:
      'Remove a member from a group; removing the admin leaves the group without one. Updates the member count and writes an audit row in one transaction.',
    responses: { 200: groupAnswer, 404: notFound, 409: { description: 'The user is not a member', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const groupId = Number(body.id);
      const userId = String(body.userId);
      const user = await userOf(deps.db, session, userId);
      const now = deps.now();
      await deps.db.transaction(async (tx) => {
        const group = await lockGroup(tx, groupId);
        const [row] = await tx
          .delete(userGroupMembers)
          .where(and(eq(userGroupMembers.groupId, groupId), eq(userGroupMembers.userId, userId)))
          .returning({ id: userGroupMembers.id });
        if (!row) throw conflict(`${nameOf(user)} is not a member of ${group.name}.`, 'Not a member');
        const wasAdmin = group.adminUserId === userId;
        if (wasAdmin) await tx.update(userGroups).set({ adminUserId: null }).where(eq(userGroups.id, groupId));
        const memberCount = await recount(tx, groupId, now);
        await writeAudit(
          tx,
          {
            entityType: resource.name,
            entityId: String(groupId),
            actorUserId: session.userId,
            action: 'remove-member',
            changes: { members: { from: userId, to: null }, memberCount: { from: group.memberCount, to: memberCount }, ...(wasAdmin ? { adminUserId: { from: userId, to: null } } : {}) },
          },
          now,
        );
      });
      return c.json(await findRecord(deps.db, resource, String(groupId)), 200);
    },
  });

  registerResourceAction(registry, resource, 'make-admin', {
    summary: 'Make a member the admin of the group, in place of the current admin (who stays a member). Writes an audit row.',
    responses: { 200: groupAnswer, 404: notFound, 409: { description: 'The user is not a member, or is the admin already', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const groupId = Number(body.id);
      const userId = String(body.userId);
      const user = await userOf(deps.db, session, userId);
      const now = deps.now();
      await deps.db.transaction(async (tx) => {
        const group = await lockGroup(tx, groupId);
        if (group.adminUserId === userId) throw conflict(`${nameOf(user)} is the admin of ${group.name} already.`, 'Admin already');
        if (!(await isMember(tx, groupId, userId))) {
          throw conflict(`The admin must be a member: add ${nameOf(user)} to ${group.name} first.`, 'Not a member of this group');
        }
        await tx.update(userGroups).set({ adminUserId: userId, updatedAt: now }).where(eq(userGroups.id, groupId));
        await writeAudit(
          tx,
          { entityType: resource.name, entityId: String(groupId), actorUserId: session.userId, action: 'make-admin', changes: { adminUserId: { from: group.adminUserId, to: userId } } },
          now,
        );
      });
      return c.json(await findRecord(deps.db, resource, String(groupId)), 200);
    },
  });
}
