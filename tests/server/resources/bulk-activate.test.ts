// Bulk activate/inactivate (bulk actions over all matching rows): the ids sent or every record matching a
// list query, each through the single route's checks with its own audit row; counts of changed and unchanged, the
// refused ones named with why; bad bodies refused with paths and nothing changed; the permission checked.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/db/rows';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

const VENDORS = '/config/admin/vendor';
const BULK = `${VENDORS}/bulk-activate-inactivate`;

describe.each(ruleDrivers)('bulk activate and inactivate on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let readOnly: string;
  const ids: number[] = [];
  const activeOf = async () =>
    rowsOf<{ id: number; is_active: boolean }>(await env.database.db.execute(sql`select id, is_active from vendors where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) order by id`)).map((r) => r.is_active);
  const audits = async () =>
    Number(rowsOf<{ n: number }>(await env.database.db.execute(sql`select count(*)::int as n from audit_log where entity_type = 'vendors' and action in ('activate', 'inactivate') and entity_id in (${sql.join(ids.map((i) => sql`${String(i)}`), sql`, `)})`))[0]!.n);

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
    for (const [i, name] of ['Bulk Volt One', 'Bulk Volt Two', 'Bulk Volt Three'].entries()) {
      const created = await call(env.t, 'POST', VENDORS, { authKey: admin, body: { name: `${name} ${driver}`, mobileNumber: `98765000${20 + i}` } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(Number(created.body.id));
    }
  });

  it('inactivates the ids sent, each with its audit row, and counts a second pass as unchanged', async () => {
    const first = await call(env.t, 'POST', BULK, { authKey: admin, body: { active: false, ids: [ids[0], ids[1]] } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ runId: expect.any(Number), changed: 2, unchanged: 0, refused: [] });
    expect(await activeOf()).toEqual([false, false, true]);
    expect(await audits()).toBe(2);
    const again = await call(env.t, 'POST', BULK, { authKey: admin, body: { active: false, ids: [ids[0], String(ids[1])] } });
    expect(again.body).toEqual({ runId: expect.any(Number), changed: 0, unchanged: 2, refused: [] });
    expect(await audits()).toBe(2);
  });

  it('changes every record matching the list query, and names a record it cannot find', async () => {
    const matched = await call(env.t, 'POST', BULK, { authKey: admin, body: { active: true, match: { q: `Bulk Volt`, isActive: 'false' } } });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    expect(matched.body).toEqual({ runId: expect.any(Number), changed: 2, unchanged: 0, refused: [] });
    expect(await activeOf()).toEqual([true, true, true]);
    const unknown = await call(env.t, 'POST', BULK, { authKey: admin, body: { active: false, ids: [ids[2], 99_999_999] } });
    expect(unknown.body).toEqual({ runId: expect.any(Number), changed: 1, unchanged: 0, refused: [{ id: '99999999', reason: 'No vendor has the id 99999999.' }] });
  });

  it('refuses bad bodies with their paths, and a caller without the permission, changing nothing', async () => {
    const before = await activeOf();
    const cases: [unknown, string][] = [
      [{ active: false }, 'ids'],
      [{ active: false, ids: [ids[0]], match: { q: 'x' } }, 'ids'],
      [{ active: false, ids: [] }, 'ids'],
      [{ active: false, ids: Array.from({ length: 1_001 }, (_, i) => i + 1) }, 'ids'],
      [{ active: 'no', ids: [ids[0]] }, 'active'],
      [{ active: false, match: { sort: 'nonsense,up' } }, 'match.sort'],
    ];
    for (const [body, path] of cases) {
      const refused = await call(env.t, 'POST', BULK, { authKey: admin, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors.map((e: { path: string }) => e.path), JSON.stringify(refused.body)).toContain(path);
    }
    expect((await call(env.t, 'POST', BULK, { authKey: readOnly, body: { active: false, ids: [ids[0]] } })).status).toBe(403);
    expect(await activeOf()).toEqual(before);
  });
});
