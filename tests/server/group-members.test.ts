// Group membership (the user service's `group` routes): Add member, Remove member and Make group admin (permission,
// validation, 404 for an unknown group or user, 409 for "already a member", "not a member" and "the admin must be a
// member"), the member count they keep equal to the member rows, their audit rows, two adds of one member at once
// (one wins), who may change whom, and the generic create and update leaving members and admin alone.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/seed/seed-sql';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

const GROUP = '/user-service/group';
const adminId = demoStaffUserId('9000000001');
const UNKNOWN_USER = '00000000-0000-4000-8000-000000000000';
type Row = Record<string, unknown>;

describe.each(ruleDrivers)('group members on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let operations: string;
  let customers: { id: string; name: string }[];
  let groupId: number;

  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  const members = async (id: number) => (await q(sql`select user_id from user_group_members where group_id = ${id} order by user_id`)).map((r) => r.user_id);
  const groupRow = async (id: number) => (await q(sql`select admin_user_id, member_count from user_groups where id = ${id}`))[0];
  const audit = (id: number) => q(sql`select action, actor_user_id, changes from audit_log where entity_type = 'groups' and entity_id = ${String(id)} and action in ('add-member', 'remove-member', 'make-admin')`);
  const addMember = (body: Row, authKey = admin) => call(env.t, 'POST', `${GROUP}/member/add`, { authKey, body });
  const removeMember = (body: Row, authKey = admin) => call(env.t, 'POST', `${GROUP}/member/remove`, { authKey, body });
  const makeAdmin = (body: Row, authKey = admin) => call(env.t, 'POST', `${GROUP}/admin`, { authKey, body });
  const newGroup = async (name: string) => {
    const created = await call(env.t, 'POST', GROUP, { authKey: admin, body: { name: `${name} (${driver})`, discountPercent: 5 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return Number(created.body.id);
  };

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    operations = (await env.signInAs('9000000002')).authKey;
    customers = rowsOf(
      await env.database.db.execute(sql`
        select u.id, u.name from users u
        where u.is_active and u.name is not null
          and not exists (select 1 from czo_users s where s.user_id = u.id) and not exists (select 1 from user_roles r where r.user_id = u.id)
          and not exists (select 1 from user_group_members m where m.user_id = u.id)
        order by u.mobile_number limit 4`),
    );
    expect(customers).toHaveLength(4);
    groupId = await newGroup('Green Fleet');
  });

  it('seeds each group with its admin as a member and a member count equal to its member rows', async () => {
    const [seeded] = await q(sql`select count(*)::int as n, count(*) filter (where member_count > 1)::int as larger from user_groups`);
    expect(seeded!.n).toBeGreaterThan(0);
    expect(seeded!.larger).toBeGreaterThan(0);
    expect(await q(sql`select id from user_groups g where admin_user_id is not null and not exists (select 1 from user_group_members m where m.group_id = g.id and m.user_id = g.admin_user_id)`)).toEqual([]);
  });

  it('creates a group with no admin and no members; the generic create and update refuse the admin and the count', async () => {
    expect(await groupRow(groupId)).toEqual({ admin_user_id: null, member_count: 0 });
    const withAdmin = await call(env.t, 'POST', GROUP, { authKey: admin, body: { name: `Admin first (${driver})`, adminUserId: customers[0]!.id } });
    expect(withAdmin.status).toBe(400);
    expect(withAdmin.body.errors).toEqual([expect.objectContaining({ path: 'adminUserId' })]);
    for (const body of [{ adminUserId: customers[0]!.id }, { memberCount: 12 }]) {
      const edited = await call(env.t, 'PUT', `${GROUP}/${groupId}`, { authKey: admin, body });
      expect(edited.status, JSON.stringify(body)).toBe(400);
      expect(edited.body.errors).toContainEqual({ path: Object.keys(body)[0], message: 'Unknown field' });
    }
    expect((await call(env.t, 'PUT', `${GROUP}/${groupId}`, { authKey: admin, body: { discountPercent: 10 } })).status).toBe(200);
    expect(await groupRow(groupId)).toEqual({ admin_user_id: null, member_count: 0 });
  });

  it('adds members (count kept, audit row, listed on the group), refusing one already there with 409', async () => {
    const added = await addMember({ id: groupId, userId: customers[0]!.id });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ id: groupId, memberCount: 1, adminUserId: null });
    expect((await addMember({ id: groupId, userId: customers[1]!.id })).body.memberCount).toBe(2);
    expect(await members(groupId)).toEqual([customers[0]!.id, customers[1]!.id].sort());
    const [row] = await q(sql`select added_by_id from user_group_members where group_id = ${groupId} and user_id = ${customers[0]!.id}`);
    expect(row!.added_by_id).toBe(adminId);
    // The test clock may stand still: compare the audit rows regardless of their order.
    const audited = (await audit(groupId)).map((a) => [a.action, a.actor_user_id, (a.changes as Row).members]);
    expect(audited).toHaveLength(2);
    expect(audited).toEqual(
      expect.arrayContaining([
        ['add-member', adminId, { from: null, to: customers[0]!.id }],
        ['add-member', adminId, { from: null, to: customers[1]!.id }],
      ]),
    );
    const listed = await call(env.t, 'GET', `/user-service/group-member?groupId=${groupId}`, { authKey: operations });
    expect(listed.status).toBe(403);
    const shown = await call(env.t, 'GET', `/user-service/group-member?groupId=${groupId}`, { authKey: admin });
    expect(shown.status).toBe(200);
    expect(shown.body.items.map((r: Row) => r.userId).sort()).toEqual([customers[0]!.id, customers[1]!.id].sort());

    const twice = await addMember({ id: groupId, userId: customers[0]!.id });
    expect(twice.status).toBe(409);
    expect(twice.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(twice.body.detail).toMatch(/is already a member of Green Fleet/);
    expect(twice.body.errors).toEqual([{ path: 'userId', message: 'Already a member' }]);
    expect(await groupRow(groupId)).toEqual({ admin_user_id: null, member_count: 2 });
  });

  it('makes a member the admin; a non-member is refused (the admin must be a member), and so is the admin again', async () => {
    const outsider = await makeAdmin({ id: groupId, userId: customers[2]!.id });
    expect(outsider.status).toBe(409);
    expect(outsider.body.detail).toMatch(/^The admin must be a member: add .* to Green Fleet/);
    expect(outsider.body.errors).toEqual([{ path: 'userId', message: 'Not a member of this group' }]);
    const made = await makeAdmin({ id: groupId, userId: customers[0]!.id });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ adminUserId: customers[0]!.id, memberCount: 2 });
    expect((await makeAdmin({ id: groupId, userId: customers[0]!.id })).status).toBe(409);
    expect((await audit(groupId)).filter((a) => a.action === 'make-admin')).toEqual([
      expect.objectContaining({ actor_user_id: adminId, changes: { adminUserId: { from: null, to: customers[0]!.id } } }),
    ]);
  });

  it('removes a member; one not there is refused with 409; removing the admin leaves the group without one', async () => {
    const notThere = await removeMember({ id: groupId, userId: customers[3]!.id });
    expect(notThere.status).toBe(409);
    expect(notThere.body.errors).toEqual([{ path: 'userId', message: 'Not a member' }]);
    const removed = await removeMember({ id: groupId, userId: customers[1]!.id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ memberCount: 1, adminUserId: customers[0]!.id });
    const adminGone = await removeMember({ id: groupId, userId: customers[0]!.id });
    expect(adminGone.status).toBe(200);
    expect(adminGone.body).toMatchObject({ memberCount: 0, adminUserId: null });
    expect(await members(groupId)).toEqual([]);
    expect((await audit(groupId)).filter((a) => a.action === 'remove-member').map((a) => a.changes)).toEqual(
      expect.arrayContaining([
        { members: { from: customers[1]!.id, to: null }, memberCount: { from: 2, to: 1 } },
        { members: { from: customers[0]!.id, to: null }, memberCount: { from: 1, to: 0 }, adminUserId: { from: customers[0]!.id, to: null } },
      ]),
    );
  });

  it('answers 404 for an unknown group or user', async () => {
    for (const send of [addMember, removeMember, makeAdmin]) {
      const noGroup = await send({ id: 987654321, userId: customers[0]!.id });
      expect(noGroup.status).toBe(404);
      expect(noGroup.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(noGroup.body.detail).toBe('No group has this id.');
      const noUser = await send({ id: groupId, userId: UNKNOWN_USER });
      expect(noUser.status).toBe(404);
      expect(noUser.body.detail).toBe('No user has this id.');
    }
  });

  it('answers bad input (missing, malformed, NUL, huge, unknown fields) with 400 and field paths, changing nothing', async () => {
    const before = await q(sql`select count(*)::int as n from user_group_members`);
    const cases: [Row, string][] = [
      [{ id: groupId }, 'userId'],
      [{ userId: customers[0]!.id }, 'id'],
      [{ id: groupId, userId: 'not-a-uuid' }, 'userId'],
      [{ id: groupId, userId: `${customers[0]!.id}\u0000` }, 'userId'],
      [{ id: groupId, userId: 'x'.repeat(200_000) }, 'userId'],
      [{ id: 'one', userId: customers[0]!.id }, 'id'],
      [{ id: 1e30, userId: customers[0]!.id }, 'id'],
      [{ id: -1, userId: customers[0]!.id }, 'id'],
      [{ id: groupId, userId: customers[0]!.id, memberCount: 3 }, 'memberCount'],
    ];
    for (const send of [addMember, removeMember, makeAdmin]) {
      for (const [body, path] of cases) {
        const bad = await send(body);
        expect(bad.status, `${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(bad.body).slice(0, 200)}`).toBe(400);
        expect(bad.headers.get('content-type')).toMatch(/application\/problem\+json/);
        expect(bad.body.errors.map((e: Row) => e.path)).toContain(path);
      }
    }
    const malformed = await call(env.t, 'POST', `${GROUP}/member/add`, { authKey: admin, rawBody: '{"id":' });
    expect(malformed.status).toBe(400);
    expect(await q(sql`select count(*)::int as n from user_group_members`)).toEqual(before);
  });

  it('refuses (403) callers without the permission, and Make group admin to a caller with members only', async () => {
    const body = { id: groupId, userId: customers[2]!.id };
    for (const send of [addMember, removeMember, makeAdmin]) {
      const refused = await send(body, operations);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
    }
    expect((await addMember(body, operations)).body.detail).toMatch(/ROLE_UPDATE_GROUP/);
    expect((await makeAdmin(body, operations)).body.detail).toMatch(/ROLE_MAKE_GROUP_ADMIN/);

    // A desk that manages members (but may not make admins): a staff member only if it holds all they hold.
    const role = await call(env.t, 'POST', '/auth-service/role', {
      authKey: admin,
      body: { name: 'Group desk', description: 'Keeps group members', permissions: ['ROLE_VIEW_GROUPS', 'ROLE_UPDATE_GROUP'] },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const deskUserId = demoStaffUserId('9000000007');
    expect((await call(env.t, 'POST', '/auth-service/admin/user-role', { authKey: admin, body: { userId: deskUserId, roleId: role.body.id } })).status).toBe(201);
    const desk = (await env.signInAs('9000000007')).authKey;
    expect((await addMember(body, desk)).status).toBe(200);
    const deskAdmin = await makeAdmin(body, desk);
    expect(deskAdmin.status).toBe(403);
    expect(deskAdmin.body.detail).toMatch(/ROLE_MAKE_GROUP_ADMIN/);
    const staff = await addMember({ id: groupId, userId: adminId }, desk);
    expect(staff.status).toBe(403);
    expect(staff.body.detail).toMatch(/You cannot change the group memberships of this staff member/);
    expect((await addMember({ id: groupId, userId: adminId })).status).toBe(200);
    expect((await removeMember({ id: groupId, userId: adminId }, desk)).status).toBe(403);
    expect(await members(groupId)).toEqual([customers[2]!.id, adminId].sort());
    expect((await removeMember(body, desk)).status).toBe(200);
    expect(await groupRow(groupId)).toEqual({ admin_user_id: null, member_count: 1 });
  });

  it('lets one of two adds of the same member at once win; the other is refused with 409', async () => {
    const id = await newGroup('Race Riders');
    const body = { id, userId: customers[3]!.id };
    const answers = await Promise.all([addMember(body), addMember(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await members(id)).toEqual([customers[3]!.id]);
    expect(await groupRow(id)).toEqual({ admin_user_id: null, member_count: 1 });
    // Different members at once: both counted.
    const both = await Promise.all([addMember({ id, userId: customers[0]!.id }), addMember({ id, userId: customers[1]!.id })]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect(await groupRow(id)).toEqual({ admin_user_id: null, member_count: 3 });
    // The database itself refuses a second row of one member, whoever writes it.
    await expect(env.database.db.execute(sql`insert into user_group_members (group_id, user_id, added_at) values (${id}, ${customers[3]!.id}, now())`)).rejects.toThrow();
  });

  it('keeps every group’s member count equal to its member rows', async () => {
    expect(
      await q(sql`select g.id from user_groups g where g.member_count <> (select count(*) from user_group_members m where m.group_id = g.id)`),
    ).toEqual([]);
  });
});
