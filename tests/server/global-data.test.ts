import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalConfigSchema } from '@domain/global-config';
import { sessionPaths } from '@domain/session';
import type { OpenDatabase } from '@server/db/open-database';
import { auditLog, userPreferences } from '@server/db/schema';
import { demoCities } from '@server/seed/seed-cities';
import { demoStaff } from '@server/seed/demo-staff';
import { call, createTestApp, signIn, type TestApp } from './support/test-app';
import { createTestDatabase, ruleDrivers } from './support/test-database';

describe.each(ruleDrivers)('global data and pinned items on %s', (driver) => {
  let database: OpenDatabase;
  let t: TestApp;
  let authKey: string;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    t = createTestApp(database, { IMAGE_CDN_URL: 'https://images.example/cdn/' });
    const user = await signIn(t, '9000000007');
    authKey = user.authKey;
    userId = user.userId;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers the global config shape with the seeded reference data', async () => {
    const response = await call(t, 'GET', sessionPaths.globalData, { authKey });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const config = globalConfigSchema.parse(response.body);
    expect(config.imageCDNUrl).toBe('https://images.example/cdn/');
    expect(config.socketTypeList['16AMP_WALL_SOCKET']).toEqual({ displayText: '16 Amp Socket', imageRelativePath: '16amp.svg', isActive: true });
    expect(config.socketTypeList.TYPE_2?.displayText).toBe('Type 2');
    expect(Object.keys(config.cityConfig.cityList)).toHaveLength(demoCities.length);
    const defaultCity = config.cityConfig.cityList[config.cityConfig.defaultCity!];
    expect(defaultCity).toMatchObject({ name: 'Bengaluru', state: 'Karnataka' });
    for (const [id, city] of Object.entries(config.cityConfig.cityList)) expect(city.cityId).toBe(id);
    // Active staff only: the inactive demo user is left out.
    expect(config.czoUsers.map((u) => u.mobileNumber).sort()).toEqual(demoStaff.map((s) => s.mobileNumber).sort());
    expect(config.tags.length).toBeGreaterThanOrEqual(10);
    expect(config.chargePointOperators[0]).toEqual({ id: config.chargePointOperatorId, name: 'CZO Network' });
    expect(config.pinnedItems).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await call(t, 'GET', sessionPaths.globalData);
    expect(response.status).toBe(401);
    expect(response.contentType).toBe('application/problem+json');
  });

  it('stores pins de-duplicated by id, returns them in global data, and audits the change', async () => {
    const pins = [
      { id: 'charger-management.all', title: 'All Stations', redirect: '/charger-management/all-chargers' },
      { id: 'user-management.users', title: 'All Users', redirect: '/user-management' },
      { id: 'charger-management.all', title: 'All Stations again', redirect: '/charger-management/all-chargers' },
    ];
    const saved = await call(t, 'PUT', sessionPaths.pinnedItems, { authKey, body: pins });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual([pins[0], pins[1]]);
    const config = globalConfigSchema.parse((await call(t, 'GET', sessionPaths.globalData, { authKey })).body);
    expect(config.pinnedItems).toEqual([pins[0], pins[1]]);

    t.clock.advance(1000); // audit rows are ordered by time
    const cleared = await call(t, 'PUT', sessionPaths.pinnedItems, { authKey, body: [] });
    expect(cleared.body).toEqual([]);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user_preferences'), eq(auditLog.entityId, userId)))
      .orderBy(auditLog.createdAt);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ action: 'update-pinned-items', actorUserId: userId });
    expect(audit[0]!.changes).toEqual({ pinnedItems: { from: [], to: ['charger-management.all', 'user-management.users'] } });
    expect(audit[1]!.changes).toEqual({ pinnedItems: { from: ['charger-management.all', 'user-management.users'], to: [] } });
  });

  it('refuses invalid pins with field paths and changes nothing', async () => {
    const good = [{ id: 'a', title: 'A', redirect: '/a' }];
    await call(t, 'PUT', sessionPaths.pinnedItems, { authKey, body: good });
    const auditBefore = await database.db.select().from(auditLog).where(eq(auditLog.entityId, userId));

    const badRedirect = await call(t, 'PUT', sessionPaths.pinnedItems, { authKey, body: [...good, { id: 'b', title: 'B', redirect: 'https://evil.example' }] });
    expect(badRedirect.status).toBe(400);
    expect(badRedirect.body.errors.map((e: { path: string }) => e.path)).toEqual(['1.redirect']);
    const extraKey = await call(t, 'PUT', sessionPaths.pinnedItems, { authKey, body: [{ ...good[0], admin: true }] });
    expect(extraKey.status).toBe(400);
    expect(extraKey.body.errors).toEqual([{ path: '0.admin', message: 'Unknown field' }]);
    const notArray = await call(t, 'PUT', sessionPaths.pinnedItems, { authKey, body: { id: 'a' } });
    expect(notArray.status).toBe(400);
    const tooMany = await call(t, 'PUT', sessionPaths.pinnedItems, {
      authKey,
      body: Array.from({ length: 51 }, (_, i) => ({ id: `p${i}`, title: `P${i}`, redirect: `/p${i}` })),
    });
    expect(tooMany.status).toBe(400);

    const [prefs] = await database.db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
    expect(prefs!.pinnedItems).toEqual(good);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.entityId, userId))).toHaveLength(auditBefore.length);
  });
});
