// Who may change whom: staff accounts are changed only through the
// staff screens, nobody changes a user or a role that holds a permission they lack, and a sign-in number changes
// only through its own action, confirmed by a code sent to the new number, revoking the user's sessions.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { seedId } from '@server/seed/seed-id';
import { call, signIn, uniqueClient } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';
import { rowsOf } from '@server/seed/seed-sql';

type Row = Record<string, unknown>;

const superAdminId = demoStaffUserId('9000000001');
const clerkId = demoStaffUserId('9000000007'); // Kabir Mehta, staff without a role
const superAdminRole = seedId('role', 'Super Admin');
/** What an access clerk may do: map roles and edit roles, (in)activate staff; nothing else. */
const clerkPermissions = [
  'ROLE_VIEW_ROLES',
  'ROLE_EDIT_ROLE_PERMISSIONS',
  'ROLE_VIEW_USER_ROLES',
  'ROLE_ADD_USER_ROLE_MAPPING',
  'ROLE_REMOVE_USER_ROLE_MAPPING',
  'ROLE_VIEW_ALL_CZO_USERS',
  'ROLE_UPDATE_CZO_USER',
  'ROLE_ACTIVATE_INACTIVATE_CZO_USER',
  'ROLE_VIEW_USERS',
  'ROLE_BLOCK_USER',
  'ROLE_CHANGE_USER_NAME',
];

describe.each(ruleDrivers)('who may change whom on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let support: string;
  let clerk: string;
  let clerkRole: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    support = (await env.signInAs('9000000005')).authKey;
    const role = await call(env.t, 'POST', '/auth-service/role', { authKey: admin, body: { name: 'Access clerk', description: 'Maps roles', permissions: clerkPermissions } });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    clerkRole = role.body.id;
    const mapped = await call(env.t, 'POST', '/auth-service/admin/user-role', { authKey: admin, body: { userId: clerkId, roleId: clerkRole } });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(201);
    clerk = (await env.signInAs('9000000007')).authKey;
  });

  it('defect 1: Customer Support cannot take over a Super Admin by changing their mobile number', async () => {
    const before = (await call(env.t, 'GET', `/user-service/user/${superAdminId}`, { authKey: admin })).body as Row;
    const takeover = await call(env.t, 'PUT', `/user-service/user/${superAdminId}`, { authKey: support, body: { mobileNumber: '9811122233' } });
    expect(takeover.status).toBe(400);
    expect(takeover.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'mobileNumber', message: 'Unknown field' })]));
    // Not by the email either: staff accounts are not changed through the users list.
    const rename = await call(env.t, 'PUT', `/user-service/user/${superAdminId}`, { authKey: support, body: { email: 'mallory@example.com', version: before.version } });
    expect(rename.status).toBe(403);
    expect(rename.body.detail).toMatch(/staff account/);
    expect((await call(env.t, 'GET', `/user-service/user/${superAdminId}`, { authKey: admin })).body).toEqual(before);
    // And the attacker's number does not sign in as anyone.
    const sent = await call(env.t, 'POST', '/auth-service/czo/send-otp', { body: { mobileNumber: '9811122233' }, client: uniqueClient() });
    expect(sent.status).toBe(202);
    expect(env.t.lastCode('9811122233')).toBeUndefined();
  });

  it('the users list refuses staff accounts even to the Super Admin (CZO Access is their screen)', async () => {
    const block = await call(env.t, 'PATCH', `/user-service/user/${clerkId}/activate-inactivate`, { authKey: admin, body: { active: false } });
    expect(block.status).toBe(403);
    const customer = rowsOf<Row>(await env.database.db.execute(sql`select id, version from users u where not exists (select 1 from czo_users c where c.user_id = u.id) and not exists (select 1 from user_roles r where r.user_id = u.id) and u.approval_status = 'APPROVED' limit 1`))[0]!;
    const renamed = await call(env.t, 'PUT', `/user-service/user/${String(customer.id)}`, { authKey: support, body: { email: 'renamed.customer@example.com', version: customer.version } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.email).toBe('renamed.customer@example.com');
  });

  it('a caller cannot grant, remove or edit access beyond their own permissions', async () => {
    const counts = async () => rowsOf<Row>(await env.database.db.execute(sql`select (select count(*)::int from user_roles where is_active) as maps, (select count(*)::int from audit_log) as audits`))[0];
    const before = await counts();
    // Escalate self: map the Super Admin role to oneself.
    expect((await call(env.t, 'POST', '/auth-service/admin/user-role', { authKey: clerk, body: { userId: clerkId, roleId: superAdminRole } })).status).toBe(403);
    // Give one's own role more permissions.
    const widen = await call(env.t, 'POST', '/auth-service/role/permission', { authKey: clerk, body: { id: clerkRole, permissions: [...clerkPermissions, 'ROLE_VIEW_PAYOUTS'] } });
    expect(widen.status).toBe(403);
    expect(widen.body.detail).toMatch(/ROLE_VIEW_PAYOUTS/);
    // Edit or disable a stronger role, or touch a stronger user's access.
    expect((await call(env.t, 'POST', '/auth-service/role/permission', { authKey: clerk, body: { id: superAdminRole, permissions: clerkPermissions } })).status).toBe(403);
    // Nor rename it: a stronger role is not the clerk's to change at all.
    expect((await call(env.t, 'PUT', `/auth-service/role/${superAdminRole}`, { authKey: clerk, body: { description: 'Mine now' } })).status).toBe(403);
    const adminMapping = rowsOf<Row>(await env.database.db.execute(sql`select id from user_roles where user_id = ${superAdminId} limit 1`))[0]!;
    expect((await call(env.t, 'PATCH', `/auth-service/admin/user-role/${String(adminMapping.id)}/activate-inactivate`, { authKey: clerk, body: { active: false } })).status).toBe(403);
    expect((await call(env.t, 'PATCH', `/user-service/czo-user/${superAdminId}/activate-inactivate`, { authKey: clerk, body: { active: false } })).status).toBe(403);
    expect((await call(env.t, 'PUT', `/user-service/czo-user/${superAdminId}`, { authKey: clerk, body: { designation: 'Intern' } })).status).toBe(403);
    expect(await counts()).toEqual(before);
    // Within their own permissions they work: the clerk's role to a user holding no permission yet.
    const customer = rowsOf<Row>(await env.database.db.execute(sql`select id from users u where not exists (select 1 from user_roles r where r.user_id = u.id) order by id desc limit 1`))[0]!;
    const granted = await call(env.t, 'POST', '/auth-service/admin/user-role', { authKey: clerk, body: { userId: customer.id, roleId: clerkRole } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    const narrowed = await call(env.t, 'POST', '/auth-service/role/permission', { authKey: clerk, body: { id: clerkRole, permissions: clerkPermissions.slice(0, -1) } });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
  });

  it('changes a sign-in number only with a code sent to the new number, revoking the user’s sessions', async () => {
    const newNumber = driver === 'pglite' ? '9811100071' : '9811100072';
    // The test clock stands still: move it on, so this sign-in's code is the number's latest.
    env.t.clock.advance(1_000);
    const victim = await signIn(env.t, '9000000007');
    // Customer Support may change customers' numbers, not staff's.
    const bySupport = await call(env.t, 'POST', `/user-service/user/${clerkId}/mobile-number`, { authKey: support, body: { mobileNumber: newNumber } });
    expect(bySupport.status).toBe(403);
    // Taken numbers and the same number are refused by field.
    const taken = await call(env.t, 'POST', `/user-service/user/${clerkId}/mobile-number`, { authKey: admin, body: { mobileNumber: '9000000002' } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([expect.objectContaining({ path: 'mobileNumber' })]);
    expect((await call(env.t, 'POST', `/user-service/user/${clerkId}/mobile-number`, { authKey: admin, body: { mobileNumber: '9000000007' } })).status).toBe(400);

    const started = await call(env.t, 'POST', `/user-service/user/${clerkId}/mobile-number`, { authKey: admin, body: { mobileNumber: `+91 ${newNumber}` }, client: uniqueClient() });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const code = env.t.lastCode(newNumber);
    expect(code).toMatch(/^\d{6}$/);
    // A sign-in with the new number is no way in: the code confirms this change only.
    expect((await call(env.t, 'POST', '/auth-service/czo/verify-otp', { body: { mobileNumber: newNumber, otp: code }, client: uniqueClient() })).status).toBe(401);
    const wrong = await call(env.t, 'POST', `/user-service/user/${clerkId}/mobile-number/confirm`, { authKey: admin, body: { mobileNumber: newNumber, otp: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ path: 'otp' })]);
    const done = await call(env.t, 'POST', `/user-service/user/${clerkId}/mobile-number/confirm`, { authKey: admin, body: { mobileNumber: newNumber, otp: code } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user.mobileNumber).toBe(newNumber);
    expect(done.body.sessionsRevoked).toBeGreaterThanOrEqual(1);
    expect((await call(env.t, 'GET', '/auth-service/czo/session', { authKey: victim.authKey })).status).toBe(401);
    const [audit] = rowsOf<Row>(await env.database.db.execute(sql`select changes from audit_log where entity_id = ${clerkId} and action = 'change-mobile-number'`));
    expect(JSON.stringify(audit!.changes)).not.toContain(newNumber);
    // The code is spent; the user now signs in with the new number.
    expect((await call(env.t, 'POST', `/user-service/user/${clerkId}/mobile-number/confirm`, { authKey: admin, body: { mobileNumber: newNumber, otp: code } })).status).toBe(400);
    env.t.clock.advance(1_000);
    expect((await signIn(env.t, newNumber)).userId).toBe(clerkId);
  });
});
