// The in-process session cache (server/auth/auth-cache.ts): a checked key is accepted from memory for a few seconds,
// and any change to sessions, users, staff or roles clears it at once — in this process on the write request, in
// others through the auth_changed notification the database triggers send.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionPaths } from '@domain/session';
import { createAuthCache } from '@server/auth/auth-cache';
import { hashAuthKey } from '@server/auth/hashing';
import type { OpenDatabase } from '@server/db/open-database';
import { sessions } from '@server/db/schema';
import { createPostgresBus, type NotificationBus } from '@server/live/notification-bus';
import { call, createTestApp, signIn, testClock, type TestApp } from './support/test-app';
import { createTestDatabase, testDrivers } from './support/test-database';

describe('the session cache', () => {
  const entry = (checkedAt: number) => ({ sessionId: 's', userId: 'u', permissions: [], expiresAt: checkedAt + 60_000, lastSeenAt: checkedAt, checkedAt });

  it('keeps a copy for its lifetime by the app clock, and none when the lifetime is 0', () => {
    const cache = createAuthCache(5_000);
    cache.set('k', entry(1_000), cache.generation);
    expect(cache.get('k', 5_999)).toBeDefined();
    expect(cache.get('k', 6_000)).toBeUndefined();
    const off = createAuthCache(0);
    off.set('k', entry(1_000), off.generation);
    expect(off.get('k', 1_000)).toBeUndefined();
  });

  it('drops a copy read before a clear (the read may predate the change)', () => {
    const cache = createAuthCache(5_000);
    const before = cache.generation;
    cache.clear();
    cache.set('k', entry(1_000), before);
    expect(cache.get('k', 1_000)).toBeUndefined();
    cache.set('k', entry(1_000), cache.generation);
    expect(cache.get('k', 1_000)).toBeDefined();
  });
});

describe.each(testDrivers)('sessions checked from the cache on %s', (driver) => {
  let database: OpenDatabase;
  const buses: NotificationBus[] = [];
  const cached = { SESSION_CACHE_SECONDS: '5' };
  // Two server processes on one database share nothing but the database: each its own cache (and, on PostgreSQL,
  // its own LISTEN client). The clock stands still, so a copy can only go by being cleared.
  const clock = testClock();
  const app = (): TestApp => {
    if (driver === 'pglite') return createTestApp(database, cached, { clock });
    const bus = createPostgresBus({ connectionString: database.connectionString!, db: database.db });
    buses.push(bus);
    return createTestApp(database, cached, { clock, bus });
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await database?.close();
  });

  const validate = (t: TestApp, authKey: string) => call(t, 'GET', sessionPaths.validate, { authKey });
  const refusedSoon = async (t: TestApp, authKey: string) => {
    await expect.poll(async () => (await validate(t, authKey)).status, { timeout: 3_000, interval: 20 }).toBe(401);
  };

  it('accepts a checked key from memory: a revocation nobody announces is not seen within the lifetime', async () => {
    const a = app();
    const user = await signIn(a, '9000000004');
    expect((await validate(a, user.authKey)).status).toBe(200);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table sessions disable trigger sessions_auth_changed`);
      await tx.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.tokenHash, hashAuthKey(user.authKey)));
      await tx.execute(sql`alter table sessions enable trigger sessions_auth_changed`);
    });
    expect((await validate(a, user.authKey)).status).toBe(200);
    clock.advance(5_000); // the copy's lifetime is over: read again, and refused
    expect((await validate(a, user.authKey)).status).toBe(401);
  });

  it('refuses a key signed out through another process', async () => {
    const a = app();
    const b = app();
    const user = await signIn(a, '9000000002');
    expect((await validate(b, user.authKey)).status).toBe(200); // b keeps a copy
    expect((await call(a, 'POST', sessionPaths.signOut, { authKey: user.authKey })).status).toBe(204);
    expect((await validate(a, user.authKey)).status).toBe(401); // the process that signed out: at once
    await refusedSoon(b, user.authKey);
  });

  it('sees a revocation made by plain SQL, which no request of the app made', async () => {
    const a = app();
    const user = await signIn(a, '9000000003');
    expect((await validate(a, user.authKey)).status).toBe(200);
    await database.db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.tokenHash, hashAuthKey(user.authKey)));
    if (driver === 'pglite') expect((await validate(a, user.authKey)).status).toBe(401); // delivered before the update returned
    await refusedSoon(a, user.authKey);
  });
});
