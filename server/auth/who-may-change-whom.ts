// Who may change whom: the rules every route that changes a user, a staff account or what a staff account may do
// runs before it writes. The generic resource routes call `assertMayChange` for the resources below; the change of
// a sign-in number calls `assertMayChangeUser` itself.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hasPermission, isPermission, type Permission } from '@domain/permissions';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { Database } from '@server/db/database';
import { czoUsers, roles, sessions, userRoles } from '@server/db/schema';
import { rowsOf } from '@server/db/rows';
import { forbiddenProblem } from '@server/http/problem';
import { permissionsOf } from './permissions-of';

/** What a generic route is about to do to a record. */
export type ChangeKind = 'create' | 'update' | 'activate';

type Row = Readonly<Record<string, unknown>>;

/** True when the user is staff: a CZO staff record or any role mapping, active or not. */
export async function isStaffAccount(db: Database, userId: string): Promise<boolean> {
  return (await staffAccountsAmong(db, [userId])).has(userId);
}

/** The staff accounts among these users (see isStaffAccount), in one query whatever their number. */
export async function staffAccountsAmong(db: Database, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const ids = sql.param([...new Set(userIds)]);
  const rows = await db.execute(sql`
    select ${czoUsers.userId} as user_id from ${czoUsers} where ${czoUsers.userId} = any(${ids}::uuid[])
    union select ${userRoles.userId} from ${userRoles} where ${userRoles.userId} = any(${ids}::uuid[])`);
  return new Set(rowsOf<{ user_id: string }>(rows).map((r) => r.user_id));
}

/** The permissions in `wanted` the caller does not hold. */
function missing(session: AuthenticatedSession, wanted: readonly string[]): Permission[] {
  return [...new Set(wanted)].filter((p): p is Permission => isPermission(p) && !hasPermission(session.permissions, p)).sort();
}

function refuseFor(what: string, lacking: readonly Permission[]): never {
  const shown = lacking.slice(0, 3).join(', ') + (lacking.length > 3 ? ` and ${lacking.length - 3} more` : '');
  throw forbiddenProblem(`You cannot change ${what}: it holds permissions you do not hold (${shown}).`);
}

/** Refuses (403) a change of a user who holds a permission the caller does not hold. */
export async function assertMayChangeUser(db: Database, session: AuthenticatedSession, userId: string, what = 'this staff user'): Promise<void> {
  const lacking = missing(session, await permissionsOf(db, userId));
  if (lacking.length > 0) refuseFor(what, lacking);
}

/** Refuses (403) a change of a staff member (`what` of them) by a caller lacking one of their permissions; anyone else's passes. */
export async function assertMayChangeStaffMember(db: Database, session: AuthenticatedSession, userId: string, what: string): Promise<void> {
  if (await isStaffAccount(db, userId)) await assertMayChangeUser(db, session, userId, what);
}

async function rolePermissions(db: Database, roleId: string): Promise<string[]> {
  const [role] = await db.select({ permissions: roles.permissions }).from(roles).where(eq(roles.id, roleId)).limit(1);
  return role?.permissions ?? [];
}

/** Refuses (403) handing out or editing a set of permissions the caller does not hold in full. */
function assertHoldsAll(session: AuthenticatedSession, permissions: readonly string[], what: string): void {
  const lacking = missing(session, permissions);
  if (lacking.length > 0) refuseFor(what, lacking);
}

/**
 * Refuses (403) a change of a role that staff hold when one of them holds (through any of their roles) a permission
 * the caller lacks: editing or inactivating a role changes what its holders may do.
 */
export async function assertMayChangeHoldersOf(db: Database, session: AuthenticatedSession, roleId: string): Promise<void> {
  const result = await db.execute(sql`
    select string_agg(distinct p, ',') as permissions
    from ${userRoles} h
    join ${userRoles} m on m.user_id = h.user_id and m.is_active
    join ${roles} r on r.id = m.role_id and r.is_active, unnest(r.permissions) as p
    where h.role_id = ${roleId} and h.is_active`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { permissions: string | null }[];
  const lacking = missing(session, (row?.permissions ?? '').split(',').filter(Boolean));
  if (lacking.length > 0) refuseFor('this role: staff holding it', lacking);
}

/**
 * The rules of the resources that change people and access, by resource name:
 * - users: staff accounts are not changed through the customer users resource (403; CZO Access is their screen);
 * - czo-users: a staff record is added, edited or (in)activated only by a caller holding every permission its
 *   user holds;
 * - user-roles: a role is mapped to a user, or a mapping removed or restored, only by a caller holding every
 *   permission of the role and of the user;
 * - roles: a role is created, edited or (in)activated only by a caller holding every permission it has and gets,
 *   and every permission of the staff holding it (their access changes with it).
 */
const rules: Readonly<Record<string, (db: Database, session: AuthenticatedSession, kind: ChangeKind, before: Row | undefined, body: Row | undefined) => Promise<void>>> = {
  users: async (db, _session, kind, before) => {
    if (kind === 'create' || !before) return;
    if (await isStaffAccount(db, String(before.id))) {
      throw forbiddenProblem('This is a staff account: staff are changed under CZO Access and User Roles, not through the users list.');
    }
  },
  'czo-users': async (db, session, _kind, before, body) => {
    const userId = String(before?.userId ?? body?.userId ?? '');
    if (userId) await assertMayChangeUser(db, session, userId);
  },
  'user-roles': async (db, session, _kind, before, body) => {
    const userId = String(before?.userId ?? body?.userId ?? '');
    const roleId = String(before?.roleId ?? body?.roleId ?? '');
    if (userId) await assertMayChangeUser(db, session, userId);
    if (roleId) assertHoldsAll(session, await rolePermissions(db, roleId), 'this role mapping');
  },
  roles: async (db, session, _kind, before, body) => {
    assertHoldsAll(session, [...((before?.permissions as string[] | undefined) ?? []), ...((body?.permissions as string[] | undefined) ?? [])], 'this role');
    if (before?.id) await assertMayChangeHoldersOf(db, session, String(before.id));
  },
};

/** Whether a resource's changes go through who-may-change-whom. */
export function guardsPeople(resourceName: string): boolean {
  return resourceName in rules;
}

/**
 * Runs the who-may-change-whom rule of `resourceName` (if it has one) before a generic create, update or
 * activate: `before` is the stored record (update, activate), `body` what the request would write.
 */
export async function assertMayChange(db: Database, session: AuthenticatedSession, resourceName: string, kind: ChangeKind, before: Row | undefined, body: Row | undefined): Promise<void> {
  await rules[resourceName]?.(db, session, kind, before, body);
}

/** Revokes every open session of a user (their sign-in identity changed); answers how many were revoked. */
export async function revokeSessionsOf(db: Database, userId: string, now: Date): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}
