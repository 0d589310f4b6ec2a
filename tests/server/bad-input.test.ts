// Text PostgreSQL cannot store (NUL, unpaired UTF-16 surrogates) is refused with its path before any query sees it,
// in bodies, query strings and path ids; and any database data error (SQLSTATE class 22) or integrity error (class
// 23) that still reaches the app's error handler answers 400 or 409 problem+json, never 500.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@domain/resource/registry';
import { UNSTORABLE_TEXT_MESSAGE } from '@domain/storable-text';
import { call, createTestApp } from './support/test-app';
import { testDrivers } from './support/test-database';
import { useTestApp } from './support/use-test-app';

const show = (res: { status: number; body: unknown }) => `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;

describe.each(testDrivers)('text the database cannot store, and database errors, on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey; // Super Admin
  });

  const vendorCount = async () => {
    const result = await env.database.db.execute(sql`select count(*)::int as n from vendors`);
    return (((result as { rows?: unknown[] }).rows ?? result) as { n: number }[])[0]!.n;
  };

  it('refuses a NUL or an unpaired surrogate in a body field with the field path, and writes nothing', async () => {
    const before = await vendorCount();
    for (const name of ['a\u0000b', 'a\ud800b', '\udc00']) {
      const res = await call(env.t, 'POST', '/config/admin/vendor', { body: { name, mobileNumber: '9876543210' }, authKey: admin });
      expect(res.status, show(res)).toBe(400);
      expect(res.contentType).toBe('application/problem+json');
      expect(res.body.errors).toEqual([{ path: 'name', message: UNSTORABLE_TEXT_MESSAGE }]);
    }
    // Deep in a jsonb field and in a key: the path names the place.
    const nested = await call(env.t, 'POST', '/charger-service/admin/charger', { body: { chargerType: 'EV_POINT', keyValuePairs: [{ key: 'k', value: 'v\u0000' }] }, authKey: admin });
    expect(nested.status, show(nested)).toBe(400);
    expect(nested.body.errors).toContainEqual({ path: 'keyValuePairs.0.value', message: UNSTORABLE_TEXT_MESSAGE });
    const key = await call(env.t, 'POST', '/config/admin/vendor', { body: { name: 'Vendor', mobileNumber: '9876543210', 'x\u0000': 1 }, authKey: admin });
    expect(key.status, show(key)).toBe(400);
    expect(key.body.errors).toEqual([{ path: 'x\u0000', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(await vendorCount()).toBe(before);
    // Ordinary unicode (an astral character is a surrogate pair) is stored as sent.
    const ok = await call(env.t, 'POST', '/config/admin/vendor', { body: { name: 'Vendor 🔌 ऊर्जा', mobileNumber: '9876543210' }, authKey: admin });
    expect(ok.status, show(ok)).toBe(201);
    expect(ok.body.name).toBe('Vendor 🔌 ऊर्जा');
  });

  it('refuses a NUL in the q and filters of every list with the parameter path', async () => {
    for (const resource of resources) {
      const res = await call(env.t, 'GET', `${resource.apiPath}?q=a%00b`, { authKey: admin });
      expect(res.status, `${resource.apiPath}: ${show(res)}`).toBe(400);
      expect(res.contentType).toBe('application/problem+json');
      expect(res.body.errors, resource.apiPath).toEqual([{ path: 'q', message: UNSTORABLE_TEXT_MESSAGE }]);
    }
    const filter = await call(env.t, 'GET', '/config/admin/vendor?name=%00', { authKey: admin });
    expect(filter.status, show(filter)).toBe(400);
    expect(filter.body.errors).toEqual([{ path: 'name', message: UNSTORABLE_TEXT_MESSAGE }]);
    const lookup = await call(env.t, 'GET', '/search-service/lookup?q=98%0076', { authKey: admin });
    expect(lookup.status, show(lookup)).toBe(400);
    expect(lookup.body.errors).toEqual([{ path: 'q', message: UNSTORABLE_TEXT_MESSAGE }]);
  });

  it('answers 404 for a path id holding a NUL, on every route with a path parameter', async () => {
    const one = await call(env.t, 'GET', '/config/socket-type/a%00b', { authKey: admin });
    expect(one.status, show(one)).toBe(404);
    expect(one.contentType).toBe('application/problem+json');
    const withParams = env.t.registry.routes.filter((r) => r.path.includes('/:') && r.inApiDocument);
    expect(withParams.length).toBeGreaterThan(100);
    for (const route of withParams) {
      const path = route.path.replace(/:[A-Za-z]+/g, 'a%00b');
      const res = await call(env.t, route.method, path, { authKey: admin, ...(route.body ? { body: {} } : {}) });
      expect(res.status, `${route.method} ${path}: ${show(res)}`).toBe(404);
      expect(res.contentType).toBe('application/problem+json');
    }
  });

  it('answers a database data error (class 22) with 400 and an integrity error (class 23) with 409, anything else 500', async () => {
    const t = createTestApp(env.database); // a fresh app: routes are added before its first request
    const probe = (path: string, run: () => Promise<unknown>) =>
      t.registry.route({ method: 'GET', path, access: { kind: 'public' }, summary: 'Test probe of the error handler.', handler: async ({ c }) => c.json(await run()) });
    probe('/test-probe/data-error', () => env.database.db.execute(sql`select ${'not a number'}::int`));
    probe('/test-probe/division', () => env.database.db.execute(sql`select 1 / ${0}::int`));
    probe('/test-probe/integrity-error', () => env.database.db.execute(sql`insert into socket_types select * from socket_types limit 1`));
    probe('/test-probe/other-error', () => env.database.db.execute(sql`select * from no_such_table`));

    for (const path of ['/test-probe/data-error', '/test-probe/division']) {
      const res = await call(t, 'GET', path);
      expect(res.status, show(res)).toBe(400);
      expect(res.contentType).toBe('application/problem+json');
      expect(res.body).toMatchObject({ type: '/problems/validation-error', status: 400, errors: [{ path: '', message: 'Value is not valid' }] });
    }
    const conflict = await call(t, 'GET', '/test-probe/integrity-error');
    expect(conflict.status, show(conflict)).toBe(409);
    expect(conflict.contentType).toBe('application/problem+json');
    expect(conflict.body).toMatchObject({ type: '/problems/conflict', status: 409, title: 'Conflict', errors: [{ path: 'code', message: 'Conflicts with the stored data' }] });
    const other = await call(t, 'GET', '/test-probe/other-error');
    expect(other.status, show(other)).toBe(500);
    expect(other.body).toEqual({ type: '/problems/internal-error', status: 500, title: 'Internal Server Error', detail: 'Something went wrong.' });
  });
});
