// A list's count, however it is found: in the first page's own statement (conditions with no parameter: no filter,
// or only options written into the text), by a count of its own (a filter with a parameter), or from the page itself
// (a last page that is not full). Each must equal what the table holds, and stop being exact past the limit.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT } from '@server/resources/resource-query';
import { insertSampleVendors } from '@tests/server/support/sample-vendors';
import { testDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';

describe.each(testDrivers)('list counts on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    // 16,000 vendors: two in three active (past the exact limit), one in three inactive (under it).
    await insertSampleVendors(env.database, 16000);
    await env.database.db.execute(sql`analyze vendors`);
  });

  const inTable = async (where: ReturnType<typeof sql>) => {
    const result = await env.database.db.execute(sql`select count(*)::int as n from vendors where ${where}`);
    const rows = (result as unknown as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]);
    return Number(rows[0]!.n);
  };
  const list = async (query: string) => {
    const res = await call(env.t, 'GET', `/config/admin/vendor?${query}`, { authKey: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: { id: number; isActive: boolean; name: string }[]; count: number; countExact: boolean };
  };

  it('counts a filter written into the text exactly, with a full first page', async () => {
    const inactive = await inTable(sql`is_active = false`);
    expect(inactive).toBeGreaterThan(5_000);
    expect(inactive).toBeLessThanOrEqual(EXACT_COUNT_LIMIT);
    const page = await list('isActive=false&size=20');
    expect(page.items).toHaveLength(20);
    expect(page.items.every((v) => !v.isActive)).toBe(true);
    expect(page).toMatchObject({ count: inactive, countExact: true });
  });

  it('counts a filter with a parameter exactly, by a count of its own', async () => {
    const named = await inTable(sql`name ilike '%Vendor 1%'`);
    expect(named).toBeGreaterThan(20);
    const page = await list('name=Vendor%201&size=20');
    expect(page.items).toHaveLength(20);
    expect(page).toMatchObject({ count: named, countExact: true });
  });

  it('takes the count from a last page that is not full, first or deeper', async () => {
    const named = await inTable(sql`name ilike '%Vendor 1234%'`);
    const first = await list('name=Vendor%201234&size=20');
    expect(first.items).toHaveLength(named);
    expect(first).toMatchObject({ count: named, countExact: true });
    const inactive = await inTable(sql`is_active = false`);
    const lastPage = Math.floor(inactive / 100);
    const last = await list(`isActive=false&size=100&page=${lastPage}`);
    expect(last.items).toHaveLength(inactive - lastPage * 100);
    expect(last).toMatchObject({ count: inactive, countExact: true });
    const empty = await list('name=no%20such%20vendor');
    expect(empty).toMatchObject({ items: [], count: 0, countExact: true });
  });

  it('stops counting exactly past the limit, in the first page statement too', async () => {
    const active = await inTable(sql`is_active = true`);
    expect(active).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const page = await list('isActive=true&size=20');
    expect(page.items).toHaveLength(20);
    expect(page.countExact).toBe(false);
    expect(page.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });
});
