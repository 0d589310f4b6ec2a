import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, sessionPaths } from '@domain/session';
import { hashAuthKey } from '@server/auth/hashing';
import type { OpenDatabase } from '@server/db/open-database';
import { auditLog, czoUsers, roles, sessions, users } from '@server/db/schema';
import { call, createTestApp, signIn, type TestApp } from './support/test-app';
import { createTestDatabase, ruleDrivers } from './support/test-database';

const MINUTE = 60_000;

describe.each(ruleDrivers)('sessions on %s', (driver) => {
  let database: OpenDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    t = createTestApp(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  const validate = (authKey?: string) => call(t, 'GET', sessionPaths.validate, authKey ? { authKey } : {});
  const sessionRow = async (authKey: string) =>
    (await database.db.select().from(sessions).where(eq(sessions.tokenHash, hashAuthKey(authKey))))[0]!;

  it('answers the current user for a valid key, with the key echoed back', async () => {
    const user = await signIn(t, '9000000002');
    const response = await validate(user.authKey);
    expect(response.status).toBe(200);
    expect(currentUserSchema.parse(response.body)).toEqual(user);
  });

  it('refuses a missing, malformed or unknown key with 401 problem+json', async () => {
    for (const key of [undefined, 'short', 'A'.repeat(43)]) {
      const response = await validate(key);
      expect(response.status).toBe(401);
      expect(response.contentType).toBe('application/problem+json');
      expect(response.body).toMatchObject({ status: 401, title: 'Unauthorized' });
    }
    const wrongScheme = await call(t, 'GET', sessionPaths.validate, { headers: { authorization: `Basic ${'A'.repeat(43)}` } });
    expect(wrongScheme.status).toBe(401);
  });

  it('expires after the idle time, refreshing last_seen_at when it is a second or more behind', async () => {
    const user = await signIn(t, '9000000003');
    const created = await sessionRow(user.authKey);
    t.clock.advance(400);
    expect((await validate(user.authKey)).status).toBe(200);
    expect((await sessionRow(user.authKey)).lastSeenAt).toEqual(created.lastSeenAt); // under a second: no write
    t.clock.advance(60 * MINUTE);
    expect((await validate(user.authKey)).status).toBe(200);
    const refreshed = await sessionRow(user.authKey);
    expect(refreshed.lastSeenAt.getTime()).toBe(t.clock.now().getTime());
    t.clock.advance(120 * MINUTE + 1000);
    const idle = await validate(user.authKey);
    expect(idle.status).toBe(401);
    expect(idle.body.detail).toBe('Your session expired after a period of inactivity. Sign in again.');
  });

  describe('with SESSION_IDLE_MINUTES=1', () => {
    let short: TestApp;
    beforeAll(() => {
      short = createTestApp(database, { SESSION_IDLE_MINUTES: '1', SESSION_ABSOLUTE_HOURS: '1' });
    });
    const check = (authKey: string) => call(short, 'GET', sessionPaths.validate, { authKey });

    it('keeps a session used at 40 s and again at 80 s, and refuses it after 61 s unused', async () => {
      const user = await signIn(short, '9000000001');
      short.clock.advance(40_000);
      expect((await check(user.authKey)).status).toBe(200);
      short.clock.advance(40_000);
      expect((await check(user.authKey)).status).toBe(200);
      short.clock.advance(61_000);
      const idle = await check(user.authKey);
      expect(idle.status).toBe(401);
      expect(idle.body.detail).toBe('Your session expired after a period of inactivity. Sign in again.');
    });

    it('counts the idle minute from the last use, to the second', async () => {
      const user = await signIn(short, '9000000005');
      for (let i = 0; i < 5; i++) {
        short.clock.advance(59_000);
        expect((await check(user.authKey)).status, `use ${i + 1}`).toBe(200);
      }
      // A burst within a second writes once, and the minute still counts from the burst's first request.
      short.clock.advance(300);
      expect((await check(user.authKey)).status).toBe(200);
      expect((await sessionRow(user.authKey)).lastSeenAt.getTime()).toBe(short.clock.now().getTime() - 300);
      short.clock.advance(60_000 - 300);
      expect((await check(user.authKey)).status).toBe(200); // exactly a minute after the last write
      short.clock.advance(60_001);
      expect((await check(user.authKey)).status).toBe(401);
    });

    it('still refuses a session past its absolute lifetime, however often it is used', async () => {
      const user = await signIn(short, '9000000004');
      for (let used = 0; used < 71; used++) {
        short.clock.advance(50_000);
        expect((await check(user.authKey)).status, `use at ${(used + 1) * 50} s`).toBe(200);
      }
      short.clock.advance(50_000); // 3,600 s: the one-hour lifetime is over
      const expired = await check(user.authKey);
      expect(expired.status).toBe(401);
      expect(expired.body.detail).toBe('Your session has expired. Sign in again.');
    });
  });

  it('expires after the absolute lifetime even when used all along', async () => {
    const user = await signIn(t, '9000000004');
    for (let hour = 0; hour < 11; hour++) {
      t.clock.advance(60 * MINUTE);
      expect((await validate(user.authKey)).status).toBe(200);
    }
    t.clock.advance(60 * MINUTE);
    const expired = await validate(user.authKey);
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toBe('Your session has expired. Sign in again.');
  });

  it('logout revokes the key (204) and writes a sign-out audit row', async () => {
    const user = await signIn(t, '9000000005');
    const response = await call(t, 'POST', sessionPaths.signOut, { authKey: user.authKey });
    expect(response.status).toBe(204);
    const row = await sessionRow(user.authKey);
    expect(row.revokedAt).not.toBeNull();
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['sign-in', 'sign-out']);
    expect((await validate(user.authKey)).status).toBe(401);
    expect((await call(t, 'POST', sessionPaths.signOut, { authKey: user.authKey })).status).toBe(401);
  });

  it('refuses the session of a user or staff record made inactive', async () => {
    const user = await signIn(t, '9000000006');
    await database.db.update(czoUsers).set({ isActive: false }).where(eq(czoUsers.userId, user.userId));
    expect((await validate(user.authKey)).body.detail).toBe('Your account is not active.');
    await database.db.update(czoUsers).set({ isActive: true }).where(eq(czoUsers.userId, user.userId));
    expect((await validate(user.authKey)).status).toBe(200);
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, user.userId));
    expect((await validate(user.authKey)).status).toBe(401);
    await database.db.update(users).set({ isActive: true }).where(eq(users.id, user.userId));
  });

  it('reads permissions fresh on every request', async () => {
    const user = await signIn(t, '9000000002');
    const [operations] = await database.db.select().from(roles).where(eq(roles.name, 'Operations'));
    expect(user.permissions).not.toContain('ROLE_VIEW_ROLES');
    await database.db
      .update(roles)
      .set({ permissions: sql`${roles.permissions} || array['ROLE_VIEW_ROLES']` })
      .where(eq(roles.id, operations!.id));
    expect((await validate(user.authKey)).body.permissions).toContain('ROLE_VIEW_ROLES');
    expect((await call(t, 'GET', '/auth-service/role/permission', { authKey: user.authKey })).status).toBe(200);
    await database.db.update(roles).set({ isActive: false }).where(eq(roles.id, operations!.id));
    expect((await validate(user.authKey)).body.permissions).toEqual([]);
    expect((await call(t, 'GET', '/auth-service/role/permission', { authKey: user.authKey })).status).toBe(403);
  });
});
