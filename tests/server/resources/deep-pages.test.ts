import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { insertSampleVendors } from '@tests/server/support/sample-vendors';
import { createTestDatabase, testDrivers } from '@tests/server/support/test-database';
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
    await insertSampleVendors(database, 1250);
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

// Continuous scroll reads by keyset: `after` (and `before`, scrolling back) a row's cursor, never OFFSET, so any depth
// costs the same. Walking the cursors must give exactly the rows the offset pages give, in both directions, with
// ties, nulls and `q` ranking exact matches first.
describe.each(testDrivers)('keyset pages on %s', (driver) => {
  let database: OpenDatabase;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    t = createTestApp(database);
    admin = (await signIn(t, '9000000001')).authKey;
    // Ties in created_at (every 97th vendor shares an hour) and a name that an exact phone search also finds.
    await insertSampleVendors(database, 600);
    // A third of the tickets without a due date, so pages start and end among the nulls.
    await database.db.execute(sql`update tickets set due_date = case when id % 3 = 0 then null else coalesce(due_date, date '2026-02-01' + (id % 40)::int) end`);
  });
  afterAll(() => database.close());

  type Page = { items: Record<string, unknown>[]; next?: string; prev?: string; count: number };
  const page = async (path: string, query: string): Promise<Page> => {
    const res = await call(t, 'GET', `${path}?${query}`, { authKey: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Page;
  };
  const idsOf = (p: Page) => p.items.map((r) => r.id);

  async function checkWalk(path: string, query: string, size: number) {
    const byOffset: unknown[] = [];
    for (let n = 0; ; n += 1) {
      const p = await page(path, `${query}&size=${size}&page=${n}`);
      byOffset.push(...idsOf(p));
      if (p.items.length < size) break;
    }
    // Forward by cursor from the first page.
    let p = await page(path, `${query}&size=${size}`);
    const forward = [...idsOf(p)];
    const pages = [p];
    while (p.next) {
      p = await page(path, `${query}&size=${size}&after=${p.next}`);
      expect(p.count).toBe(pages[0]!.count); // the first page's count, reused
      forward.push(...idsOf(p));
      pages.push(p);
    }
    expect(forward).toEqual(byOffset);
    expect(new Set(forward).size).toBe(forward.length);
    // Backward by cursor from the last page reads the same pages again.
    let back = pages.at(-1)!;
    const backward = [...idsOf(back)];
    while (back.prev) {
      back = await page(path, `${query}&size=${size}&before=${back.prev}`);
      backward.unshift(...idsOf(back));
    }
    expect(backward).toEqual(byOffset);
  }

  it('walks a list with ties in the sort field, both ways, sorted and filtered', async () => {
    for (const query of ['sort=createdAt,asc', 'sort=createdAt,desc&isActive=true', 'sort=name,asc']) await checkWalk('/config/admin/vendor', query, 70);
  });

  it('walks a sort field with nulls (first when descending, last when ascending)', async () => {
    const first = await page('/ticket-service/my-ticket', 'size=1');
    expect(first.count).toBeGreaterThan(200);
    for (const dir of ['asc', 'desc']) await checkWalk('/ticket-service/my-ticket', `sort=dueDate,${dir}`, 40);
  });

  it('keeps the exact matches of q first across pages', async () => {
    await checkWalk('/config/admin/vendor', 'q=9800000011', 1);
    await checkWalk('/config/admin/vendor', 'q=Vendor 1', 40);
  });

  it('refuses a cursor it did not write, and both directions at once, with the field path', async () => {
    for (const query of ['after=abc', 'after=' + 'A'.repeat(700), 'before=W10', 'after=WzEsMl0&before=WzEsMl0']) {
      const res = await call(t, 'GET', `/config/admin/vendor?${query}`, { authKey: admin });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toMatch(/^(after|before)$/);
    }
  });
});
