// The central system's own connections (OpenDatabase.separate): on PostgreSQL a pool of its own, so charger writes
// never hold a connection a console request waits for; on PGlite, one connection, the same handle.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/seed/seed-sql';
import { createTestDatabase, testDrivers } from './support/test-database';

describe.each(testDrivers)('separate connections (%s)', (driver) => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database.close();
  });

  it(driver === 'postgres' ? 'runs on connections of its own, at most max, and closes without closing the first' : 'is the same single connection', async () => {
    const separate = database.separate(2);
    const backend = async (db: OpenDatabase['db']) => Number(rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`))[0]!.pid);
    if (driver === 'pglite') {
      expect(separate.db).toBe(database.db);
      await separate.close();
      expect(await backend(database.db)).toBeGreaterThan(0);
      return;
    }
    const main = await backend(database.db);
    // Three statements held open at once on a pool of 2: two connections, neither of them the first pool's.
    const held = await Promise.all([1, 2, 3].map(() => separate.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.2)`)));
    const pids = new Set(held.map((r) => Number(rowsOf<{ pid: number }>(r)[0]!.pid)));
    expect(pids.size).toBe(2);
    expect(pids.has(main)).toBe(false);
    await separate.close();
    // The first pool still answers, on none of the closed pool's connections.
    expect(pids.has(await backend(database.db))).toBe(false);
  });
});
