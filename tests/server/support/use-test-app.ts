import { afterAll, beforeAll } from 'vitest';
import type { CurrentUser } from '@domain/session';
import type { DatabaseDriver } from '@server/db/database';
import type { OpenDatabase } from '@server/db/open-database';
import { createTestApp, signIn, type TestApp } from './test-app';
import { createTestDatabase } from './test-database';

/** The seeded database and app a test file shares: `database` and `t` are set by the time its tests run. */
export interface SharedTestApp {
  database: OpenDatabase;
  t: TestApp;
  /** Signs a staff user in through send-otp and verify-otp (see signIn); returns the CurrentUser. */
  signInAs(mobileNumber: string, client?: string): Promise<CurrentUser>;
}

/**
 * Registers, in the calling describe block, a beforeAll that opens a fresh seeded database on `driver` with an
 * app over it, and an afterAll that closes it. Read `database` and `t` inside hooks and tests, not at collection.
 */
export function useTestApp(driver: DatabaseDriver): SharedTestApp {
  let database: OpenDatabase | undefined;
  let t: TestApp | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useTestApp: the database and app exist only once beforeAll has run');
    return value;
  };
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    t = createTestApp(database);
  });
  afterAll(() => database?.close());
  return {
    get database() {
      return ready(database);
    },
    get t() {
      return ready(t);
    },
    signInAs: (mobileNumber, client) => signIn(ready(t), mobileNumber, client),
  };
}
