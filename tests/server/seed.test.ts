import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions } from '@domain/permissions';
import type { OpenDatabase } from '@server/db/open-database';
import { chargePointOperators, cities, czoUsers, roles, userRoles, users, wallets } from '@server/db/schema';
import { demoStaff, inactiveDemoStaff } from '@server/seed/demo-staff';
import { needsSeed, runSeed } from '@server/seed/run-seed';
import { createTestDatabase, TEST_SEED_SCALE, testDrivers } from './support/test-database';

describe.each(testDrivers)('seed on %s', (driver) => {
  let database: OpenDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
  });

  const countOf = async (table: typeof users | typeof roles | typeof cities) =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const grantCount = async () =>
    (await database.db.select({ n: sql<number>`coalesce(sum(cardinality(${roles.permissions})), 0)::int` }).from(roles))[0]!.n;

  it('is idempotent: a second run adds nothing and keeps edits', async () => {
    expect(await needsSeed(database.db)).toBe(false);
    const before = [await countOf(users), await countOf(roles), await grantCount(), await countOf(cities)];
    await database.db.update(users).set({ name: 'Aarav S.' }).where(eq(users.mobileNumber, '9000000001'));
    await runSeed(database.db, { scale: TEST_SEED_SCALE });
    expect([await countOf(users), await countOf(roles), await grantCount(), await countOf(cities)]).toEqual(before);
    const [aarav] = await database.db.select().from(users).where(eq(users.mobileNumber, '9000000001'));
    expect(aarav!.name).toBe('Aarav S.');
  });

  it('gives each demo staff user their role, a wallet, an email, a referral code and an image', async () => {
    for (const staff of [...demoStaff, inactiveDemoStaff]) {
      const [row] = await database.db
        .select({ user: users, staff: czoUsers, wallet: wallets })
        .from(users)
        .innerJoin(czoUsers, eq(czoUsers.userId, users.id))
        .innerJoin(wallets, eq(wallets.userId, users.id))
        .where(eq(users.mobileNumber, staff.mobileNumber));
      expect(row, staff.mobileNumber).toBeDefined();
      expect(row!.user.email).toMatch(/@/);
      expect(row!.user.referralCode).toBeTruthy();
      expect(row!.user.image).toMatch(/^avatars\/.+\.svg$/);
      expect(row!.staff.isActive).toBe(staff !== inactiveDemoStaff);
      const held = await database.db
        .select({ name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, row!.user.id));
      expect(held.map((r) => r.name)).toEqual(staff.role ? [staff.role] : []);
    }
  });

  it('grants Super Admin everything and Read Only only view and search permissions', async () => {
    const permissionsOf = async (name: string) =>
      (
        await database.db
          .select({ p: roles.permissions })
          .from(roles)
          .where(eq(roles.name, name))
      ).flatMap((r) => r.p);
    expect((await permissionsOf('Super Admin')).sort()).toEqual([...allPermissions].sort());
    const readOnly = await permissionsOf('Read Only');
    expect(readOnly.length).toBeGreaterThan(20);
    for (const p of readOnly) expect(p).toMatch(/^ROLE_(VIEW|SEARCH|GET)_/);
    for (const name of ['Operations', 'Field Technician', 'Finance', 'Customer Support']) {
      const granted = await permissionsOf(name);
      expect(granted.length, name).toBeGreaterThan(5);
      for (const p of granted) expect(allPermissions).toContain(p);
    }
  });

  it('seeds 20+ cities with real coordinates, Bengaluru the default, and the own operator first', async () => {
    const rows = await database.db.select().from(cities);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.filter((c) => c.isDefault).map((c) => c.name)).toEqual(['Bengaluru']);
    for (const c of rows) {
      expect(c.latitude).toBeGreaterThan(6);
      expect(c.latitude).toBeLessThan(37);
      expect(c.longitude).toBeGreaterThan(68);
      expect(c.longitude).toBeLessThan(98);
    }
    const own = await database.db.select().from(chargePointOperators).where(eq(chargePointOperators.isOwnNetwork, true));
    expect(own.map((o) => o.name)).toEqual(['CZO Network']);
  });

  it('enforces the schema constraints (10-digit mobile numbers, unique numbers)', async () => {
    await expect(database.db.insert(users).values({ mobileNumber: '12345' })).rejects.toThrow();
    await expect(database.db.insert(users).values({ mobileNumber: '9000000001' })).rejects.toThrow();
  });
});
