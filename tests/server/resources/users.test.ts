import { eq, like, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { allPermissions } from '@domain/permissions';
import { sessionPaths } from '@domain/session';
import { roles, users, wallets } from '@server/db/schema';
import { appliedReferrals, hostBankDetails, hosts, userGroups } from '@server/db/tables/users';
import { scaled } from '@server/seed/demo-data';
import { userSeedSizes } from '@server/seed/seed-users';
import { TEST_SEED_SCALE, ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';

describe.each(ruleDrivers)('users, staff and roles on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
  });

  const countOf = async (table: PgTable, where?: SQL) => (await env.database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]!.n;

  it('seeds customers, hosts, wallets, groups and referrals by the scale', async () => {
    expect(await countOf(users, like(users.mobileNumber, '8%'))).toBe(scaled(userSeedSizes.customers, TEST_SEED_SCALE, 20));
    const hostCount = scaled(userSeedSizes.hosts, TEST_SEED_SCALE, 10);
    expect(await countOf(users, like(users.mobileNumber, '7%'))).toBe(hostCount);
    expect(await countOf(hosts)).toBe(hostCount);
    expect(await countOf(userGroups)).toBe(userSeedSizes.groups);
    expect(await countOf(appliedReferrals)).toBe(scaled(userSeedSizes.referrals, TEST_SEED_SCALE, 10));
    const banks = await countOf(hostBankDetails);
    expect(banks).toBeGreaterThan(0);
    expect(banks).toBeLessThanOrEqual(hostCount);
    // Every user has exactly one wallet.
    const [orphans] = await env.database.db.select({ n: sql<number>`count(*)::int` }).from(users).leftJoin(wallets, eq(wallets.userId, users.id)).where(sql`${wallets.id} is null`);
    expect(orphans!.n).toBe(0);
    const list = await call(env.t, 'GET', '/user-service/host?size=5', { authKey: admin });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(hostCount);
    expect(list.body.items[0]._labels.userId).toBeTruthy();
  });

  it('finds a host by its contact number typed in any common form', async () => {
    const [host] = await env.database.db.select().from(hosts).limit(1);
    const national = host!.contactNumber as string;
    for (const typed of [national, `+91 ${national.slice(0, 5)} ${national.slice(5)}`, `0${national}`]) {
      const found = await call(env.t, 'GET', `/user-service/host?q=${encodeURIComponent(typed)}`, { authKey: admin });
      expect(found.status).toBe(200);
      expect(found.body.items[0].id).toBe(host!.id);
    }
  });

  it('adds staff through CZO access: listed, able to sign in, and given permissions only by active roles', async () => {
    const user = await call(env.t, 'POST', '/user-service/user', { authKey: admin, body: { name: 'Farhan Qureshi', mobileNumber: '+91 99001 23456' } });
    expect(user.status).toBe(201);
    const userId = user.body.id as string;
    const staff = await call(env.t, 'POST', '/user-service/czo-user', { authKey: admin, body: { userId, designation: 'Night Shift Supervisor' } });
    expect(staff.status).toBe(201);
    expect(staff.body).toMatchObject({ userId, designation: 'Night Shift Supervisor', isActive: true });
    expect((await call(env.t, 'POST', '/user-service/czo-user', { authKey: admin, body: { userId } })).status).toBe(409);

    const listed = await call(env.t, 'GET', `/user-service/czo-user?userId=${userId}`, { authKey: admin });
    expect(listed.body.items).toHaveLength(1);
    // Relations to users show the name and the mobile number (the users resource's subtitle).
    expect(listed.body.items[0]._labels.userId).toBe('Farhan Qureshi · +91 99001 23456');
    const searched = await call(env.t, 'GET', `/user-service/czo-user?q=${userId}`, { authKey: admin });
    expect(searched.body.items[0].userId).toBe(userId);

    // Signs in with no role: no permissions yet.
    const signedIn = await env.signInAs('9900123456');
    expect(signedIn.permissions).toEqual([]);

    const role = await call(env.t, 'POST', '/auth-service/role', {
      authKey: admin,
      body: { name: 'Night Shift', description: 'Watches live bookings at night.', permissions: ['ROLE_VIEW_ONGOING_BOOKINGS', 'ROLE_VIEW_USERS'] },
    });
    expect(role.status).toBe(201);
    const mapping = await call(env.t, 'POST', '/auth-service/admin/user-role', { authKey: admin, body: { userId, roleId: role.body.id } });
    expect(mapping.status).toBe(201);
    const session = () => call(env.t, 'GET', sessionPaths.validate, { authKey: signedIn.authKey });
    expect((await session()).body.permissions).toEqual(['ROLE_VIEW_ONGOING_BOOKINGS', 'ROLE_VIEW_USERS']);
    expect((await call(env.t, 'GET', '/booking-service/admin/booking?scope=ongoing', { authKey: signedIn.authKey })).status).toBe(200);

    // An inactive role grants nothing.
    const off = await call(env.t, 'PATCH', `/auth-service/role/${role.body.id}/activate-inactivate`, { authKey: admin, body: { active: false } });
    expect(off.status).toBe(200);
    expect((await session()).body.permissions).toEqual([]);
    expect((await call(env.t, 'GET', '/booking-service/admin/booking?scope=ongoing', { authKey: signedIn.authKey })).status).toBe(403);
    await call(env.t, 'PATCH', `/auth-service/role/${role.body.id}/activate-inactivate`, { authKey: admin, body: { active: true } });
    expect((await session()).body.permissions).toHaveLength(2);

    // Neither does a removed (inactive) mapping; editing the role's permissions applies at once.
    // (The generic update refuses permissions: Edit permissions owns them.)
    expect((await call(env.t, 'PUT', `/auth-service/role/${role.body.id}`, { authKey: admin, body: { permissions: ['ROLE_VIEW_USERS'] } })).status).toBe(400);
    expect((await call(env.t, 'POST', '/auth-service/role/permission', { authKey: admin, body: { id: role.body.id, permissions: ['ROLE_VIEW_USERS'] } })).status).toBe(200);
    expect((await session()).body.permissions).toEqual(['ROLE_VIEW_USERS']);
    await call(env.t, 'PATCH', `/auth-service/admin/user-role/${mapping.body.id}/activate-inactivate`, { authKey: admin, body: { active: false } });
    expect((await session()).body.permissions).toEqual([]);

    // Inactivating the staff record ends the session.
    await call(env.t, 'PATCH', `/user-service/czo-user/${userId}/activate-inactivate`, { authKey: admin, body: { active: false } });
    expect((await session()).status).toBe(401);
  });

  it('keeps role permissions to the catalogue and shows the seeded roles with theirs', async () => {
    const bad = await call(env.t, 'POST', '/auth-service/role', { authKey: admin, body: { name: 'Typo', permissions: ['ROLE_VIEW_EVERYTHING'] } });
    expect(bad.status).toBe(400);
    const list = await call(env.t, 'GET', '/auth-service/role?q=Super', { authKey: admin });
    const superAdmin = list.body.items.find((r: { name: string }) => r.name === 'Super Admin');
    expect([...superAdmin.permissions].sort()).toEqual([...allPermissions].sort());
    const [readOnly] = await env.database.db.select().from(roles).where(eq(roles.name, 'Read Only'));
    const viewer = await env.signInAs('9000000006');
    expect(viewer.permissions).toEqual([...readOnly!.permissions].sort());
    expect((await call(env.t, 'POST', '/auth-service/role', { authKey: viewer.authKey, body: { name: 'X', permissions: [] } })).status).toBe(403);
  });
});
