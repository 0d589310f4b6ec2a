import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { createTestDatabase } from '@tests/server/support/test-database';
import { call, createTestApp, signIn, type TestApp } from '@tests/server/support/test-app';

// Pages from offset 1,000 on are read through their ids first (a deferred join); they must hold exactly the rows
// the plain form would.
describe('deep pages', () => {
  let database: OpenDatabase;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    t = createTestApp(database);
    admin = (await signIn(t, '9000000001')).authKey;
    await database.db.execute(sql`
      insert into vendors (name, mobile_number, is_active, created_at, updated_at)
      select 'Vendor ' || n, '98' || lpad(n::text, 8, '0'), n % 3 <> 0, timestamptz '2026-01-01' + (n % 97) * interval '1 hour', now()
      from generate_series(1, 1250) n`);
  });
  afterAll(() => database.close());

  const ids = async (query: string) => {
    const res = await call(t, 'GET', `/config/admin/vendor?${query}`, { authKey: admin });
    expect(res.status).toBe(200);
    return res.body.items.map((v: { id: number }) => v.id) as number[];
  };

  it('gives the same rows in the same order as shallow pages, sorted and filtered', async () => {
    for (const filter of ['', '&isActive=true']) {
      for (const sort of ['', '&sort=name,asc', '&sort=createdAt,asc']) {
        const big = [...(await ids(`size=1000&page=0${filter}${sort}`)), ...(await ids(`size=1000&page=1${filter}${sort}`))];
        const small: number[] = [];
        for (let page = 0; page < 13; page += 1) small.push(...(await ids(`size=100&page=${page}${filter}${sort}`)));
        expect(small).toEqual(big);
        expect(new Set(big).size).toBe(big.length);
      }
    }
  });
});
